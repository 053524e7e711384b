import { describe, expect, it } from "vitest";
import { notFound } from "@/lib/errors";
import { json, route } from "@/lib/http/respond";

/** A route handler taking the request, as Next calls them. */
const handle = (body: () => Promise<Response>) => route<[Request]>(body);

describe("route()", () => {
  it("reports the handler's own time as Server-Timing", async () => {
    const handler = handle(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return json({ ok: true });
    });
    const res = await handler(new Request("http://localhost/v1/x"));
    expect(res.status).toBe(200);
    const ms = Number(/^app;dur=([\d.]+)$/.exec(res.headers.get("server-timing") ?? "")?.[1]);
    expect(ms).toBeGreaterThanOrEqual(15);
  });

  it("passes a response with immutable headers through untouched", async () => {
    const immutable = Response.redirect("https://example.com/signed", 302);
    const res = await handle(async () => immutable)(new Request("http://localhost/v1/x"));
    expect(res).toBe(immutable);
    expect(res.headers.get("location")).toBe("https://example.com/signed");
  });

  it("answers an AppError with its status and message", async () => {
    const res = await handle(async () => {
      throw notFound("Collection 'x' not found");
    })(new Request("http://localhost/v1/x"));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Collection 'x' not found" });
  });
});
