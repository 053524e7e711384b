import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { ConnectionTestInput, listModels } from "@/lib/models/settings";

export const dynamic = "force-dynamic";

/** Admins: reaches the server and lists its models (the choices for chat and embeddings). */
export const POST = route(async (request: Request) => {
  const { base_url, api_key } = parseWith(ConnectionTestInput, await readJson(request));
  return json({ models: await listModels(base_url, api_key) });
});
