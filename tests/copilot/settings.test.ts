import { afterEach, describe, expect, it } from "vitest";
import { reachabilityProblem } from "@/lib/copilot/plugin";
import { copilotSettings, copilotSettingsFromHeaders, requireCopilotKey } from "@/lib/copilot/settings";
import { setEnv } from "./fixture";

afterEach(() => setEnv({ PUBLIC_BASE_URL: undefined, COPILOT_API_KEY: undefined, COPILOT_API_KEY_REFERENCE_ID: undefined }));

describe("Copilot settings", () => {
  it("takes the base URL from PUBLIC_BASE_URL, else from the request (forwarded headers first)", () => {
    const request = new Request("http://10.0.0.5:3000/api/copilot/openapi.json", {
      headers: { "x-forwarded-host": "docs.example.org", "x-forwarded-proto": "https" },
    });
    expect(copilotSettings(request)).toMatchObject({ baseUrl: "https://docs.example.org", baseUrlConfigured: false, requiresKey: false });
    setEnv({ PUBLIC_BASE_URL: "https://docchat.example.com/base/" });
    expect(copilotSettings(request)).toMatchObject({ baseUrl: "https://docchat.example.com/base", baseUrlConfigured: true });
  });

  it("reads the address a page was requested by from its headers, ignoring a forged host", () => {
    expect(copilotSettingsFromHeaders(new Headers({ host: "localhost:3000" })).baseUrl).toBe("http://localhost:3000");
    expect(copilotSettingsFromHeaders(new Headers({ host: "evil.com/x?y" })).baseUrl).toBe("http://localhost");
  });

  it("refuses a PUBLIC_BASE_URL that is not an http(s) URL, and a key shorter than 16 characters", () => {
    setEnv({ PUBLIC_BASE_URL: "ftp://x" });
    expect(() => copilotSettings(new Request("http://a/"))).toThrow();
    setEnv({ PUBLIC_BASE_URL: undefined, COPILOT_API_KEY: "short" });
    expect(() => copilotSettings(new Request("http://a/"))).toThrow();
  });

  it("checks the Bearer key only when one is configured", () => {
    expect(() => requireCopilotKey(new Request("http://a/"))).not.toThrow();
    setEnv({ COPILOT_API_KEY: "0123456789abcdef-key" });
    expect(() => requireCopilotKey(new Request("http://a/"))).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => requireCopilotKey(new Request("http://a/", { headers: { authorization: "bearer 0123456789abcdef-key" } }))).not.toThrow();
  });
});

describe("reachabilityProblem", () => {
  it("flags local and private addresses and plain http, and accepts a public https address", () => {
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1:3100",
      "http://192.168.1.20",
      "https://10.1.2.3",
      "http://[::1]:3000",
      "https://intranet",
    ]) {
      expect(reachabilityProblem(url), url).toMatch(/local address/);
    }
    expect(reachabilityProblem("http://docchat.example.com")).toMatch(/HTTPS only/);
    expect(reachabilityProblem("https://docchat.example.com")).toBeNull();
  });
});
