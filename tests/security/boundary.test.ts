import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { config, ConfigError, resetConfig } from "@/lib/config";
import { jsonDepth, MAX_JSON_DEPTH, parseUntrustedJson } from "@/lib/http/json";
import { outboundLink } from "@/lib/http/links";
import { localPath } from "@/lib/http/local-path";
import { readJson, route, json } from "@/lib/http/respond";
import { carriesBody, refusal } from "@/lib/security/admission";
import { addressAllowed, assertOutboundAllowed } from "@/lib/security/outbound";
import { resetLoginThrottle } from "@/lib/security/rate-limit";
import { config as proxyConfig } from "@/proxy";

const root = path.resolve(import.meta.dirname, "..", "..");
const ENV = ["ADMIN_TOKEN", "CHAT_TOKEN", "COPILOT_API_KEY"];

afterEach(() => {
  for (const key of ENV) delete process.env[key];
  resetLoginThrottle();
  resetConfig();
});

const protect = () => Object.assign(process.env, { ADMIN_TOKEN: "admin-token-0123456789", CHAT_TOKEN: "chat-token-0123456789" });

describe("admission (the proxy's checks, and the routes' for requests with a body)", () => {
  it("Copilot search needs a reader unless COPILOT_API_KEY is set; then its route checks the key", async () => {
    protect();
    const search = (headers: Record<string, string> = {}) =>
      refusal(new Request("http://localhost/api/copilot/search?query=x", { headers }));
    expect((await search())?.status).toBe(401);
    expect(await search({ authorization: "Bearer chat-token-0123456789" })).toBeNull();
    process.env.COPILOT_API_KEY = "copilot-key-0123456789";
    resetConfig();
    expect(await search()).toBeNull();
  });

  it("refuses from the headers alone: no role, or a declared body over the route's limit", async () => {
    protect();
    const post = (headers: Record<string, string>) => refusal(new Request("http://localhost/api/chat", { method: "POST", headers }));
    expect((await post({ "content-length": "1" }))?.status).toBe(401);
    expect((await post({ authorization: "Bearer chat-token-0123456789", "content-length": String(200 * 1024 * 1024) }))?.status).toBe(413);
    expect(await post({ authorization: "Bearer chat-token-0123456789", "content-length": "100" })).toBeNull();
  });

  it("throttles wrong Bearer tokens per client address, not the others", async () => {
    protect();
    const read = (token: string, from: string) =>
      refusal(new Request("http://localhost/v1/collections", { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": from } }));
    for (let i = 0; i < 10; i++) expect((await read("guess", "203.0.113.5"))?.status).toBe(401);
    expect((await read("chat-token-0123456789", "203.0.113.5"))?.status).toBe(429);
    expect(await read("chat-token-0123456789", "198.51.100.1")).toBeNull();
  });

  it("a route refuses a request with a body before reading it, and closes the connection", async () => {
    protect();
    let read = false;
    const body = new ReadableStream({ pull: () => void (read = true) }, { highWaterMark: 0 });
    const handler = route<[Request]>(async (request) => json(await readJson(request)));
    const res = await handler(
      new Request("http://localhost/api/chat", {
        method: "POST",
        body,
        duplex: "half",
        headers: { "transfer-encoding": "chunked" },
      } as RequestInit),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get("connection")).toBe("close");
    expect(read).toBe(false);
    // What the proxy adds to the requests it sees, the route adds here.
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("the proxy's matcher leaves exactly the API requests with a body to their routes", () => {
    const [noBody, pages] = proxyConfig.matcher as { source: string; missing?: { key: string }[] }[];
    expect(noBody.missing?.map((m) => m.key).sort()).toEqual(["content-length", "transfer-encoding"]);
    const pageRe = new RegExp(`^${pages.source.replace("/((?!", "/(?!(?:").replace(").*)", ")).*")}$`);
    const routes = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith("route.ts"))
      .map((f) =>
        `/${path
          .dirname(f)
          .replace(/\([^)]+\)\/?/g, "")
          .replace(/\[\.\.\.[^\]]+\]|\[[^\]]+\]/g, "x")}`.replace(/\/$/, ""),
      );
    expect(routes.length).toBeGreaterThan(30);
    for (const r of routes) expect(pageRe.test(r), r).toBe(false);
    for (const page of ["/", "/login", "/collections", "/collections/hr", "/integrations", "/settings/eri", "/authors"])
      expect(pageRe.test(page), page).toBe(true);
    expect(carriesBody(new Request("http://localhost/", { headers: { "content-length": "0" } }))).toBe(true);
  });
});

describe("JSON from outside", () => {
  it("is refused (400) when it nests deeper than the bound, strings not counted", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(jsonDepth(deep)).toBeGreaterThan(MAX_JSON_DEPTH);
    expect(() => parseUntrustedJson(`{"metadata":${deep}}`)).toThrow(/nests deeper/);
    expect(jsonDepth(`{"a":"[[[[\\"[[[[","b":[1,{"c":2}]}`)).toBe(3);
    expect(parseUntrustedJson(`${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`)).toBeInstanceOf(Array);
  });

  it("must be sent as application/json (415 otherwise)", async () => {
    const post = (type: string) =>
      readJson(new Request("http://localhost/v1/collections", { method: "POST", body: '{"name":"x"}', headers: { "content-type": type } }));
    await expect(post("text/plain")).rejects.toMatchObject({ status: 415 });
    await expect(post("application/x-www-form-urlencoded")).rejects.toMatchObject({ status: 415 });
    expect(await post("application/json; charset=utf-8")).toEqual({ name: "x" });
  });
});

describe("links and redirects", () => {
  it("only http(s) and this app's paths leave as links", () => {
    for (const bad of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,<script>",
      "file:///etc/passwd",
      "//evil.example/x",
      "/\\evil.example",
      "vbscript:x",
    ]) {
      expect(outboundLink(bad), bad).toBeNull();
    }
    for (const good of ["https://example.com/a?b#c", "http://intranet/x", "/content/hr/a.pdf#page=2"])
      expect(outboundLink(good)).toBe(good);
  });

  it("after login, `next` stays on this origin whatever the browser would strip", () => {
    const origin = "https://docchat.example";
    for (const bad of [
      "/\t/evil.example",
      "/\n/evil.example",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/.//evil.example",
    ]) {
      const to = localPath(bad, origin);
      expect(new URL(to, origin).origin, JSON.stringify(bad)).toBe(origin);
      expect(to.startsWith("//")).toBe(false);
    }
    expect(localPath("/collections/hr?x=1#y", origin)).toBe("/collections/hr?x=1#y");
    expect(localPath(undefined, origin)).toBe("/");
  });
});

describe("configuration", () => {
  it("an invalid setting is one error naming the variable", () => {
    process.env.COPILOT_API_KEY = "short";
    expect(() => config()).toThrow(ConfigError);
    expect(() => config()).toThrow(/COPILOT_API_KEY/);
  });

  it("instrumentation stops the start on it", () => {
    const text = readFileSync(path.join(root, "instrumentation.ts"), "utf8");
    expect(text).toMatch(/ConfigError[\s\S]*process\.exit\(1\)/);
  });
});

describe("outbound connections (remote ERI sources)", () => {
  it("classify addresses: public, private, loopback, link-local (cloud metadata), and listed ranges", () => {
    const publicOnly = ["public"];
    expect(addressAllowed("93.184.216.34", publicOnly)).toBe(true);
    for (const inside of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ]) {
      expect(addressAllowed(inside, publicOnly), inside).toBe(false);
    }
    expect(addressAllowed("10.1.2.3", ["public", "10.1.0.0/16"])).toBe(true);
    expect(addressAllowed("10.2.0.1", ["public", "10.1.0.0/16"])).toBe(false);
    expect(addressAllowed("127.0.0.1", ["loopback"])).toBe(true);
    expect(addressAllowed("169.254.169.254", ["all"])).toBe(true);
  });

  it("default to everything in local mode and to public networks once a token is set", async () => {
    await expect(assertOutboundAllowed("http://127.0.0.1:9")).resolves.toBeUndefined();
    protect();
    await expect(assertOutboundAllowed("http://127.0.0.1:9")).rejects.toThrow(/ERI_ALLOWED_NETWORKS/);
    await expect(assertOutboundAllowed("http://[::1]:9")).rejects.toThrow(/ERI_ALLOWED_NETWORKS/);
    await expect(assertOutboundAllowed("http://localhost:9")).rejects.toThrow(/ERI_ALLOWED_NETWORKS/);
  });

  it("a bad ERI_ALLOWED_NETWORKS stops the start", () => {
    process.env.ERI_ALLOWED_NETWORKS = "public, 10.0.0.0/33";
    try {
      expect(() => config()).toThrow(/ERI_ALLOWED_NETWORKS/);
    } finally {
      delete process.env.ERI_ALLOWED_NETWORKS;
    }
  });
});
