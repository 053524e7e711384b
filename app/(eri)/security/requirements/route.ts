import { SecurityRequirements } from "@/lib/eri/schemas";
import { eriJson, eriRoute } from "@/lib/eri/server/http";

export const dynamic = "force-dynamic";

/** AI Studio asks before every chat turn, with a 6 s limit: settings are cached, one session lookup. */
export const GET = eriRoute(
  async (_request, settings) => eriJson(SecurityRequirements, { allowedProviderType: settings.allowedProviderType }),
  { requireSession: true },
);
