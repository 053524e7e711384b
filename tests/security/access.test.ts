import { afterEach, describe, expect, it } from "vitest";
import { LOCAL_OWNER, ownerOf, roleOf, SESSION_COOKIE, sessionCookieValue } from "@/lib/security/access";
import { hostAllowed } from "@/lib/security/hosts";
import { accessFor, allows } from "@/lib/security/policy";
import { clientAddress, resetLoginThrottle, throttledCheck, throttledLogin, TooManyAttempts } from "@/lib/security/rate-limit";

const request = (headers: Record<string, string> = {}) => new Request("http://localhost/api/chat", { headers });
const ENV = ["ADMIN_TOKEN", "CHAT_TOKEN", "ALLOWED_HOSTS", "HOST", "PUBLIC_BASE_URL"];

afterEach(() => {
  for (const key of ENV) delete process.env[key];
  resetLoginThrottle();
});

describe("roles", () => {
  it("without tokens everyone is admin (the server then serves loopback only)", () => {
    expect(roleOf(request())).toBe("admin");
  });

  it("with both tokens: admin token → admin, chat token → user, nothing → no role", () => {
    Object.assign(process.env, { ADMIN_TOKEN: "admin-token-123", CHAT_TOKEN: "chat-token-123" });
    expect(roleOf(request({ authorization: "Bearer admin-token-123" }))).toBe("admin");
    expect(roleOf(request({ authorization: "Bearer chat-token-123" }))).toBe("user");
    expect(roleOf(request({ cookie: `${SESSION_COOKIE}=${sessionCookieValue("user")}` }))).toBe("user");
    expect(roleOf(request())).toBeNull();
    expect(roleOf(request({ authorization: "Bearer nope" }))).toBeNull();
  });

  it("with only ADMIN_TOKEN, chat stays open to everyone as a user", () => {
    process.env.ADMIN_TOKEN = "admin-token-123";
    expect(roleOf(request())).toBe("user");
  });
});

describe("owners", () => {
  it("are one local user without tokens, else the browser's cookie or the client's token", () => {
    expect(ownerOf(request({ cookie: "docchat_uid=abcdefghijklmnopqrstuv" }))).toBe(LOCAL_OWNER);
    process.env.CHAT_TOKEN = "chat-token-123";
    expect(ownerOf(request({ cookie: "docchat_uid=abcdefghijklmnopqrstuv", authorization: "Bearer chat-token-123" }))).toBe(
      "u:abcdefghijklmnopqrstuv",
    );
    const byToken = ownerOf(request({ authorization: "Bearer chat-token-123" }));
    expect(byToken).toMatch(/^t:/);
    expect(byToken).not.toContain("chat-token-123");
    expect(ownerOf(request({ cookie: "docchat_uid=../../x" }))).toBe(LOCAL_OWNER);
  });
});

describe("policy", () => {
  it.each([
    ["GET", "/v1/knowledge/health", "public"],
    ["POST", "/auth", "protocol"],
    ["POST", "/api/polymath", "protocol"],
    ["POST", "/api/chat/stream", "user"],
    ["GET", "/v1/collections", "user"],
    ["POST", "/v1/collections/hr/search", "user"],
    ["POST", "/v1/collections", "admin"],
    ["DELETE", "/v1/collections/hr", "admin"],
    ["GET", "/v1/collections/hr/export", "admin"],
    ["GET", "/collections", "editor"],
    ["GET", "/collections/hr", "editor"],
    ["POST", "/v1/collections/hr/documents", "editor"],
    ["DELETE", "/v1/collections/hr/documents", "editor"],
    ["GET", "/v1/collections/hr/documents", "user"],
    ["POST", "/v1/collections/hr/reembed", "editor"],
    ["PUT", "/v1/collections/hr/access", "admin"],
    ["GET", "/settings/users", "admin"],
    ["GET", "/settings/audit", "admin"],
    ["GET", "/api/audit", "admin"],
    ["GET", "/api/invites", "admin"],
    ["POST", "/api/invites", "admin"],
    ["DELETE", "/api/invites/abc", "admin"],
    ["POST", "/api/invites/check", "public"],
    ["POST", "/api/invites/accept", "public"],
    ["GET", "/invite", "public"],
    ["GET", "/setup", "public"],
    ["POST", "/api/setup", "public"],
    ["GET", "/invites", "admin"],
    ["GET", "/setup/more", "admin"],
    ["GET", "/account", "user"],
    ["POST", "/api/keys", "user"],
    ["DELETE", "/api/keys/abc", "user"],
    ["GET", "/api/eri/sources", "admin"],
    ["GET", "/api/chat/sources", "user"],
    ["GET", "/something/new", "admin"],
  ])("%s %s needs %s", (method, path, access) => {
    expect(accessFor(method, path)).toBe(access);
  });

  it("lets admins do what editors and users may, editors what users may, never the reverse", () => {
    expect(allows("user", "admin")).toBe(true);
    expect(allows("admin", "user")).toBe(false);
    expect(allows("editor", "admin")).toBe(true);
    expect(allows("user", "editor")).toBe(true);
    expect(allows("editor", "user")).toBe(false);
    expect(allows("admin", "editor")).toBe(false);
    expect(allows("user", null)).toBe(false);
    expect(allows("protocol", null)).toBe(true);
  });
});

describe("Host allow-list", () => {
  it("is the loopback names (and HOST, PUBLIC_BASE_URL) without tokens", () => {
    expect(hostAllowed("localhost:3000")).toBe(true);
    expect(hostAllowed("127.0.0.1:3000")).toBe(true);
    expect(hostAllowed("[::1]:3000")).toBe(true);
    expect(hostAllowed("attacker.example")).toBe(false);
    expect(hostAllowed(null)).toBe(false);
    process.env.PUBLIC_BASE_URL = "https://docs.example.com";
    expect(hostAllowed("docs.example.com")).toBe(true);
  });

  it("is ALLOWED_HOSTS when set (with *.domain), and open to any name once a token protects the app", () => {
    process.env.ALLOWED_HOSTS = "docs.example.com, *.corp.example";
    expect(hostAllowed("docs.example.com:443")).toBe(true);
    expect(hostAllowed("kb.corp.example")).toBe(true);
    expect(hostAllowed("localhost")).toBe(false);
    delete process.env.ALLOWED_HOSTS;
    process.env.ADMIN_TOKEN = "admin-token-123";
    expect(hostAllowed("anything.example")).toBe(true);
  });
});

describe("login throttling", () => {
  const attempt = (client: string, account = "token") => ({ account, client });

  it("answers 429 after ten failures from one address, without checking the secret again; other addresses go on", async () => {
    let checks = 0;
    const wrong = () => throttledLogin("test", attempt("10.0.0.1"), async () => (checks++, false));
    for (let i = 0; i < 10; i++) expect(await wrong()).toBe(false);
    await expect(wrong()).rejects.toBeInstanceOf(TooManyAttempts);
    expect(checks).toBe(10);
    // The same account from another address: still checked, and the right secret gets in.
    expect(await throttledLogin("test", attempt("10.0.0.2"), async () => true)).toBe(true);
  });

  it("past 50 failures on one account from many addresses, only addresses that logged in to it before are checked", async () => {
    expect(await throttledLogin("test", attempt("10.0.0.9"), async () => true)).toBe(true);
    for (let i = 0; i < 50; i++) expect(await throttledLogin("test", attempt(`203.0.113.${i}`), async () => false)).toBe(false);
    await expect(throttledLogin("test", attempt("203.0.113.200"), async () => true)).rejects.toBeInstanceOf(TooManyAttempts);
    expect(await throttledLogin("test", attempt("10.0.0.9"), async () => true)).toBe(true);
    // Another account is not affected.
    expect(await throttledLogin("test", attempt("203.0.113.200", "user:bob"), async () => true)).toBe(true);
  });

  it("counts cheap checks (Bearer tokens) with the same limits", () => {
    for (let i = 0; i < 10; i++) expect(throttledCheck("test", attempt("10.0.0.3"), () => null)).toBeNull();
    expect(() => throttledCheck("test", attempt("10.0.0.3"), () => "admin")).toThrow(TooManyAttempts);
    expect(throttledCheck("test", attempt("10.0.0.4"), () => "admin")).toBe("admin");
  });

  it("runs at most four checks at once", async () => {
    const slow = () => throttledLogin("test", attempt("x"), () => new Promise((r) => setTimeout(() => r(true), 50)));
    const results = await Promise.allSettled(Array.from({ length: 6 }, slow));
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(2);
  });

  it("takes the address the nearest proxy wrote: the last X-Forwarded-For entry", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4, 10.0.0.7" }))).toBe("10.0.0.7");
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});
