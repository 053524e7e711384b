import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/(eri)/auth/route";
import { GET as authMethodsGet } from "@/app/(eri)/auth/methods/route";
import { POST as retrievalPost } from "@/app/(eri)/retrieval/route";
import { GET as securityGet } from "@/app/(eri)/security/requirements/route";
import { updateServerSettings } from "@/lib/eri/server/settings";
import { SourceCreate } from "@/lib/eri/source-schemas";
import { createSource } from "@/lib/eri/sources";
import { getRetriever, listRetrievers, stopWorker } from "@/lib/knowledge";
import { Chunk, RetrievalResult } from "@/lib/knowledge/schemas";
import { searchKnowledge } from "@/lib/knowledge/search";
import { freshEriDataDir, ingestHandbook } from "../eri/knowledge-fixture";
import { serveRoutes } from "../eri/route-server";
import { OPERATOR } from "@/lib/security/principal";

/**
 * The SDK's retriever checklist, run for every registered backend: each gets a real store to
 * search (LanceDB: an ingested collection; ERI: this app's own ERI server over HTTP, serving
 * that collection). A backend registered without a fixture here fails the suite.
 */

interface Fixture {
  /** The collection name (LanceDB) or source id (ERI) that holds the handbook. */
  target: string;
  missing: string;
}

let server: Awaited<ReturnType<typeof serveRoutes>>;
const fixtures = new Map<string, Fixture>();

beforeAll(async () => {
  await freshEriDataDir();
  await ingestHandbook();
  await updateServerSettings({
    enabled: true,
    authMethods: ["TOKEN"],
    token: "compliance-token",
    exposedCollections: ["handbook"],
    allowedProviderType: "ANY",
  });
  server = await serveRoutes({
    "/auth": { POST: authPost },
    "/auth/methods": { GET: authMethodsGet },
    "/retrieval": { POST: retrievalPost },
    "/security/requirements": { GET: securityGet },
  });
  const source = await createSource(
    SourceCreate.parse({ name: "Own ERI server", baseUrl: server.url, authMethod: "TOKEN", secret: "compliance-token", maxMatches: 10 }),
  );
  fixtures.set("lancedb", { target: "handbook", missing: "no_such_collection" });
  fixtures.set("eri", { target: source.id, missing: "no-such-source" });
});
afterAll(async () => {
  await server?.close();
  await stopWorker();
});

it("every registered retriever has a compliance fixture", () => {
  expect(listRetrievers().filter((name) => !fixtures.has(name))).toEqual([]);
});

describe.each(listRetrievers())("Retriever compliance (%s)", (backend) => {
  const retriever = () => getRetriever(backend);
  const fixture = () => fixtures.get(backend)!;

  it("is registered and healthy", async () => {
    expect(listRetrievers()).toContain(backend);
    expect(retriever().backendName).toBe(backend);
    expect(await retriever().healthCheck()).toBe(true);
  });

  it("returns valid chunks: scores 0..1, best first, a citation each, at most top_k", async () => {
    const result = RetrievalResult.parse(await retriever().retrieve("annual deductible for in-network care", fixture().target, 3));
    expect(result).toMatchObject({ success: true, backend, query: "annual deductible for in-network care" });
    expect(result.chunks.length).toBeGreaterThan(0);
    expect(result.chunks.length).toBeLessThanOrEqual(3);
    for (const chunk of result.chunks) {
      Chunk.parse(chunk);
      expect(chunk.score).toBeGreaterThanOrEqual(0);
      expect(chunk.score).toBeLessThanOrEqual(1);
      expect(chunk.display_citation).toContain(chunk.file_name);
    }
    const scores = result.chunks.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(result.chunks[0]).toMatchObject({ file_name: "handbook.pdf", page_number: 3 });
    expect(result.chunks[0].content).toMatch(/deductible/i);
  });

  it("returns at most one chunk per page", async () => {
    const result = await retriever().retrieve("vacation days stipend deductible travel hotel", fixture().target, 10);
    const pages = result.chunks.filter((c) => c.page_number !== null).map((c) => `${c.file_name}#${c.page_number}`);
    expect(pages.length).toBeGreaterThan(0);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("never throws: an unknown collection or source is success=false with a message", async () => {
    const result = await retriever().retrieve("anything", fixture().missing);
    expect(result).toMatchObject({ success: false, chunks: [], backend });
    expect(result.error_message).toMatch(/not found/);
  });

  it("is searched through the one read door like any other", async () => {
    const request = backend === "eri" ? { collections: [], sources: [fixture().target] } : { collections: [fixture().target] };
    const found = await searchKnowledge({ principal: OPERATOR, query: "annual deductible", top: 5, ...request });
    expect(found.failures).toEqual([]);
    expect(found.chunks[0]).toMatchObject({ file_name: "handbook.pdf", page_number: 3 });
  });
});
