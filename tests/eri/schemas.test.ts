import { describe, expect, it } from "vitest";
import * as eri from "@/lib/eri/schemas";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { componentProperties, ERI_SPEC_PATH, v1Problems } from "./openapi";

/** The zod schemas in lib/eri/schemas.ts are a faithful, strict transcription of the v1 contract. */

const RESPONSE_SCHEMAS = {
  AuthFieldMapping: eri.AuthFieldMapping,
  AuthScheme: eri.AuthScheme,
  AuthResponse: eri.AuthResponse,
  DataSourceInfo: eri.DataSourceInfo,
  EmbeddingInfo: eri.EmbeddingInfo,
  RetrievalInfo: eri.RetrievalInfo,
  Context: eri.Context,
  SecurityRequirements: eri.SecurityRequirements,
} as const;

/** The published contract, where this checkout sits beside the shared specs (CI). */
const SHARED_SPEC = path.resolve(process.cwd(), "..", "shared", "specs", "eri-v1.openapi.json");

describe("ERI v1 schemas match the OpenAPI contract", () => {
  it.runIf(existsSync(SHARED_SPEC))("the vendored contract is the published one", () => {
    expect(JSON.parse(readFileSync(ERI_SPEC_PATH, "utf8"))).toEqual(JSON.parse(readFileSync(SHARED_SPEC, "utf8")));
  });

  it.each(Object.entries(RESPONSE_SCHEMAS))("%s has exactly the contract's properties", (name, schema) => {
    expect(Object.keys(schema.shape).sort()).toEqual(componentProperties(name));
  });

  it("request schemas have exactly the contract's properties", () => {
    expect(Object.keys(eri.RetrievalRequest.shape).sort()).toEqual(componentProperties("RetrievalRequest"));
    expect(Object.keys(eri.ChatThread.shape).sort()).toEqual(componentProperties("ChatThread"));
    expect(Object.keys(eri.ContentBlock.shape).sort()).toEqual(componentProperties("ContentBlock"));
  });

  it("enums have the contract's values", () => {
    expect(eri.Role.options).toContain("UNKNOW");
    expect(eri.ContentType.options).toContain("UNKNOWN");
    expect(eri.ProviderType.options).toEqual(["NONE", "ANY", "SELF_HOSTED"]);
  });

  it("the Ajv check itself catches extra properties, wrong enums and null arrays", () => {
    const good = { name: "a", category: null, path: null, type: "TEXT", matchedContent: "x", surroundingContent: [], links: [] };
    expect(v1Problems("Context", good)).toEqual([]);
    expect(v1Problems("Context", { ...good, score: 1 }).join()).toMatch(/additional properties/);
    expect(v1Problems("Context", { ...good, type: "text" }).join()).toMatch(/allowed values/);
    expect(v1Problems("Context", { ...good, links: null }).join()).toMatch(/links is null/);
    expect(v1Problems("Context", [good], { array: true })).toEqual([]);
  });
});

describe("ERI zod schemas", () => {
  it("responses are strict: an extra field fails", () => {
    expect(eri.SecurityRequirements.safeParse({ allowedProviderType: "ANY", extra: 1 }).success).toBe(false);
    expect(
      eri.Context.safeParse({
        name: null,
        category: null,
        path: null,
        type: "TEXT",
        matchedContent: null,
        surroundingContent: [],
        links: [],
        score: 1,
      }).success,
    ).toBe(false);
  });

  it("the retrieval request accepts both spellings of unknown and ignores unknown keys", () => {
    const parsed = eri.RetrievalRequest.parse({
      latestUserPrompt: "hi",
      latestUserPromptType: "UNKNOW",
      thread: {
        contentBlocks: [
          { content: "a", role: "UNKNOWN", type: "UNKNOW" },
          { content: "b", role: "UNKNOW", type: "UNKNOWN" },
        ],
      },
      retrievalProcessId: "",
      parameters: null,
      maxMatches: 0,
      somethingNew: true,
    });
    expect(parsed.latestUserPromptType).toBe("UNKNOWN");
    expect(parsed.thread?.contentBlocks?.map((b) => [b.role, b.type])).toEqual([
      ["UNKNOW", "UNKNOWN"],
      ["UNKNOW", "UNKNOWN"],
    ]);
    expect(parsed).not.toHaveProperty("somethingNew");
  });

  it("the retrieval request rejects wrong types", () => {
    expect(eri.RetrievalRequest.safeParse({ maxMatches: 1.5 }).success).toBe(false);
    expect(eri.RetrievalRequest.safeParse({ parameters: { top_k: 3 } }).success).toBe(false);
    expect(eri.RetrievalRequest.safeParse({ thread: { contentBlocks: [{ role: "ROBOT" }] } }).success).toBe(false);
  });
});
