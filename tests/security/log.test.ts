import { afterEach, describe, expect, it, vi } from "vitest";
import { log, withRequest } from "@/lib/log";

afterEach(() => vi.restoreAllMocks());

describe("structured logs", () => {
  it("carry the request id of the request being served, however deep the call", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    const request = new Request("http://local/x", { headers: { "x-request-id": "req-123" } });
    await withRequest(request, async () => {
      await new Promise((r) => setTimeout(r, 5));
      log("error", "model_failure", { status: 502 });
    });
    log("error", "outside");
    const [inside, outside] = lines.map((l) => JSON.parse(l));
    expect(inside).toMatchObject({ level: "error", event: "model_failure", request_id: "req-123", status: 502 });
    expect(outside.request_id).toBeUndefined();
  });
});
