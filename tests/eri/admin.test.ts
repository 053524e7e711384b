import { afterEach, describe, expect, it } from "vitest";
import { requireAdmin } from "@/lib/http/admin";
import { requestOrigin } from "@/lib/http/origin";
import { SESSION_COOKIE, sessionCookieValue } from "@/lib/security/access";

const request = (method: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/api/eri/sources", { method, headers: { host: "localhost:3000", ...headers } });

describe("admin guard", async () => {
  afterEach(() => {
    delete process.env.ADMIN_TOKEN;
  });

  it("is open in local single-user mode (ADMIN_TOKEN unset)", async () => {
    await expect(requireAdmin(request("GET"))).resolves.toBeUndefined();
    await expect(requireAdmin(request("POST", { origin: "http://localhost:3000" }))).resolves.toBeUndefined();
    await expect(requireAdmin(request("POST"))).resolves.toBeUndefined(); // non-browser clients send no Origin
  });

  it("refuses state changes from another site's page in every mode", async () => {
    await expect(requireAdmin(request("POST", { origin: "https://evil.example" }))).rejects.toMatchObject({ status: 403 });
    await expect(requireAdmin(request("DELETE", { "sec-fetch-site": "cross-site" }))).rejects.toMatchObject({ status: 403 });
    await expect(requireAdmin(request("PATCH", { origin: "null" }))).rejects.toMatchObject({ status: 403 });
    await expect(requireAdmin(request("GET", { origin: "https://evil.example" }))).resolves.toBeUndefined();
  });

  it("with ADMIN_TOKEN set, needs the bearer token or the admin session cookie", async () => {
    process.env.ADMIN_TOKEN = "s3cret-admin";
    const session = `${SESSION_COOKIE}=${sessionCookieValue("admin")}`;
    await expect(requireAdmin(request("GET"))).rejects.toMatchObject({ status: 401 });
    await expect(requireAdmin(request("GET", { authorization: "Bearer wrong" }))).rejects.toMatchObject({ status: 401 });
    await expect(requireAdmin(request("GET", { cookie: `${SESSION_COOKIE}=admin.forged` }))).rejects.toMatchObject({ status: 401 });
    // The raw token in a cookie is not a session.
    await expect(requireAdmin(request("GET", { cookie: `${SESSION_COOKIE}=s3cret-admin` }))).rejects.toMatchObject({ status: 401 });
    await expect(requireAdmin(request("GET", { authorization: "Bearer s3cret-admin" }))).resolves.toBeUndefined();
    await expect(requireAdmin(request("GET", { cookie: `theme=dark; ${session}` }))).resolves.toBeUndefined();
    // A rotated token ends the sessions made with the old one.
    process.env.ADMIN_TOKEN = "rotated-admin";
    await expect(requireAdmin(request("GET", { cookie: session }))).rejects.toMatchObject({ status: 401 });
  });
});

describe("request origin", () => {
  it("honours x-forwarded-host/proto and ignores forged values", () => {
    expect(requestOrigin(request("GET"))).toBe("http://localhost:3000");
    expect(requestOrigin(request("GET", { "x-forwarded-host": "docs.example.com", "x-forwarded-proto": "https" }))).toBe(
      "https://docs.example.com",
    );
    expect(requestOrigin(request("GET", { "x-forwarded-host": "a.example, b.example", "x-forwarded-proto": "https,http" }))).toBe(
      "https://a.example",
    );
    expect(requestOrigin(request("GET", { "x-forwarded-host": "evil.example/path?x=", "x-forwarded-proto": "javascript" }))).toBe(
      "http://localhost:3000",
    );
  });
});
