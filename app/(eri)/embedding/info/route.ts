import { EmbeddingInfos } from "@/lib/eri/schemas";
import { exposedCollections } from "@/lib/eri/server/collections";
import { embeddingInfos } from "@/lib/eri/server/embeddings";
import { eriJson, eriRoute } from "@/lib/eri/server/http";

export const dynamic = "force-dynamic";

export const GET = eriRoute(
  async (_request, settings, reader) => {
    const collections = await exposedCollections(settings, reader);
    return eriJson(EmbeddingInfos, embeddingInfos(collections.map((c) => ({ model: c.embeddingModel, dims: c.embeddingDims }))));
  },
  { requireSession: true },
);
