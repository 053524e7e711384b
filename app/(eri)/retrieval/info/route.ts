import { RetrievalInfos } from "@/lib/eri/schemas";
import { eriJson, eriRoute } from "@/lib/eri/server/http";
import { retrievalInfos } from "@/lib/eri/server/processes";

export const dynamic = "force-dynamic";

export const GET = eriRoute(async (_request, settings, reader) => eriJson(RetrievalInfos, await retrievalInfos(settings, reader)), {
  requireSession: true,
});
