import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { ConnectionTestInput, listModels } from "@/lib/models/settings";

export const dynamic = "force-dynamic";

/** Admins: reaches the server and lists its models (the choices for chat and embeddings). */
export const POST = route(async (request: Request) => {
  return json({ models: await listModels(parseWith(ConnectionTestInput, await readJson(request))) });
});
