import { route } from "@/lib/http/respond";

/** Copilot routes answer errors as `{"error": "…"}`: the field the plugin's instructions tell Copilot to look for. */
export const copilotRoute = <Args extends unknown[]>(handler: (...args: Args) => Promise<Response>) =>
  route(handler, (message) => ({ error: message }));
