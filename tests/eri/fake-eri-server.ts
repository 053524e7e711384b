import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scriptable remote ERI server for client tests: it checks credentials the way a real one
 * must, records every call, and can misbehave on demand (extra fields, null arrays, slowness,
 * errors, redirects, revoked sessions).
 */

export interface FakeBehaviour {
  methods: string[];
  token: string;
  username: string;
  password: string;
  /** undefined: answer `{}` (no requirement stated). */
  requirement: string | undefined;
  contexts: unknown[] | null;
  /** Adds properties the v1 schema does not know to every object answered. */
  extraFields: boolean;
  delayMs: Record<string, number>;
  failStatus: Record<string, number>;
  redirect: boolean;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | undefined>;
  body: unknown;
}

const defaults = (): FakeBehaviour => ({
  methods: ["NONE", "TOKEN", "USERNAME_PASSWORD"],
  token: "remote-login-token",
  username: "reader",
  password: "remote-password",
  requirement: "ANY",
  contexts: [],
  extraFields: false,
  delayMs: {},
  failStatus: {},
  redirect: false,
});

export async function startFakeEri() {
  const behaviour = defaults();
  const calls: RecordedCall[] = [];
  const sessions = new Set<string>();
  let issued = 0;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]));
    calls.push({ method: req.method ?? "", path: url.pathname, query: url.search, headers, body: raw ? JSON.parse(raw) : undefined });

    const send = (status: number, body: unknown) => {
      const decorate = (v: unknown): unknown =>
        behaviour.extraFields && v && typeof v === "object" && !Array.isArray(v) ? { ...v, $extra: "ignored", score: 0.9 } : v;
      const payload = Array.isArray(body) ? body.map(decorate) : decorate(body);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload));
    };
    const delay = behaviour.delayMs[url.pathname];
    if (delay) await new Promise((r) => setTimeout(r, delay));
    if (behaviour.redirect) {
      res.writeHead(302, { Location: "http://example.invalid/elsewhere" }).end();
      return;
    }
    const failure = behaviour.failStatus[url.pathname];
    if (failure) return send(failure, { message: `scripted failure on ${url.pathname}` });

    if (url.pathname === "/auth/methods")
      return send(
        200,
        behaviour.methods.map((authMethod) => ({ authMethod, authFieldMappings: null })),
      );
    if (url.pathname === "/auth" && req.method === "POST") {
      const method = url.searchParams.get("authMethod") ?? "";
      const ok =
        behaviour.methods.includes(method) &&
        (method === "NONE" ||
          (method === "TOKEN" && headers.authorization === `Bearer ${behaviour.token}`) ||
          (method === "USERNAME_PASSWORD" && headers.user === behaviour.username && headers.password === behaviour.password));
      if (!ok) return send(401, { success: false, message: "bad credentials" });
      const token = `session-${++issued}`;
      sessions.add(token);
      return send(200, { success: true, token, message: null });
    }
    if (!sessions.has(headers.token ?? "")) return send(401, { success: false, message: "invalid token" });
    switch (url.pathname) {
      case "/security/requirements":
        return send(200, behaviour.requirement === undefined ? {} : { allowedProviderType: behaviour.requirement });
      case "/dataSource":
        return send(200, { name: "Fake archive", description: "Scripted test data" });
      case "/retrieval/info":
        return send(200, [{ id: "bm25", name: "Keyword", description: "d", link: null, parametersDescription: null, embeddings: null }]);
      case "/retrieval":
        return send(200, behaviour.contexts);
      default:
        return send(404, { message: "no such route" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    behaviour,
    calls,
    reset() {
      Object.assign(behaviour, defaults());
      calls.length = 0;
    },
    revokeSessions: () => sessions.clear(),
    callsTo: (path: string) => calls.filter((c) => c.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeEri = Awaited<ReturnType<typeof startFakeEri>>;
