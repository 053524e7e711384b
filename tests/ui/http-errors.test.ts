import { describe, expect, it } from "vitest";
import { errorFromResponse } from "@/components/ui/http";

const reply = (status: number, body: unknown) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status, statusText: status === 401 ? "Unauthorized" : "Error" });

describe("the message an API error shows", () => {
  it("is the server's own, whichever field carries it", async () => {
    expect((await errorFromResponse(reply(404, { detail: "Collection not found" }))).message).toBe("Collection not found");
    expect((await errorFromResponse(reply(400, { error: "Empty question" }))).message).toBe("Empty question");
    // A wrong password at sign-in: Better Auth's {code, message}, not "Request failed (401 …)".
    expect((await errorFromResponse(reply(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }))).message).toBe(
      "Invalid email or password",
    );
    expect((await errorFromResponse(reply(502, "<html>bad gateway</html>"))).message).toBe("Request failed (502 Error)");
  });
});
