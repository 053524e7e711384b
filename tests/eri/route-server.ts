import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Serves Next.js route handlers over real HTTP in the test process, so the ERI client can
 * talk to this app's own ERI server (loopback) without a build.
 */

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type RouteTable = Record<string, Partial<Record<"GET" | "POST" | "PATCH" | "DELETE", Handler>>>;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(", "));
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && chunks.length > 0;
  return new Request(`${origin}${req.url}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
}

export async function serveRoutes(routes: RouteTable): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const origin = `http://${req.headers.host}`;
    const pathname = new URL(req.url ?? "/", origin).pathname;
    const handler = routes[pathname]?.[req.method as "GET"];
    if (!handler) {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ detail: "not found" }));
      return;
    }
    const response = await handler(await toRequest(req, origin), { params: Promise.resolve({}) });
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
