import { config } from "@/lib/config";
import { json, route } from "@/lib/http/respond";
import { activeIngestor } from "@/lib/knowledge";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const dynamic = "force-dynamic";

export const GET = route(async () => {
  const healthy = await activeIngestor().healthCheck();
  return json({ status: healthy ? "healthy" : "unhealthy", backend: config().knowledgeBackend }, healthy ? 200 : 503);
});
