import { AuthSchemes } from "@/lib/eri/schemas";
import { authSchemes } from "@/lib/eri/server/auth";
import { eriJson, eriRoute } from "@/lib/eri/server/http";

export const dynamic = "force-dynamic";

export const GET = eriRoute(async (_request, settings) => eriJson(AuthSchemes, authSchemes(settings)), { requireSession: false });
