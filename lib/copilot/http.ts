import { route } from "@/lib/http/respond";

/**
 * Copilot routes answer errors as `{"error": "…"}`: the field the plugin's instructions tell
 * Copilot to look for. A 401 names the scheme it wants (RFC 6750), as Microsoft's API key
 * vault and other HTTP clients expect.
 */
export const copilotRoute = <Args extends unknown[]>(handler: (...args: Args) => Promise<Response>) => {
  const handled = route(handler, (message) => ({ error: message }));
  return async (...args: Args): Promise<Response> => {
    const response = await handled(...args);
    if (response.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="DocChat Copilot search"');
    return response;
  };
};
