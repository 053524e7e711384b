import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/(eri)/auth/route";
import { GET as authMethodsGet } from "@/app/(eri)/auth/methods/route";
import { GET as dataSourceGet } from "@/app/(eri)/dataSource/route";
import { GET as embeddingInfoGet } from "@/app/(eri)/embedding/info/route";
import { POST as retrievalPost } from "@/app/(eri)/retrieval/route";
import { GET as retrievalInfoGet } from "@/app/(eri)/retrieval/info/route";
import { GET as securityGet } from "@/app/(eri)/security/requirements/route";
import { updateServerSettings } from "@/lib/eri/server/settings";
import { SourceCreate } from "@/lib/eri/source-schemas";
import { checkSourceForChat, createSource, testSource } from "@/lib/eri/sources";
import { getRetriever } from "@/lib/knowledge";
import { stopWorker } from "@/lib/knowledge";
import { RetrievalResult } from "@/lib/knowledge/schemas";
import { freshEriDataDir, ingestHandbook } from "./knowledge-fixture";
import { serveRoutes } from "./route-server";

/** This app as an ERI source of itself: the ERI client and the ERI server meet over real HTTP. */

let server: Awaited<ReturnType<typeof serveRoutes>>;

beforeAll(async () => {
  await freshEriDataDir();
  await ingestHandbook();
  await updateServerSettings({
    enabled: true,
    authMethods: ["USERNAME_PASSWORD"],
    username: "loop",
    password: "loopback-password",
    exposedCollections: ["handbook"],
    allowedProviderType: "SELF_HOSTED",
    dataSourceName: "Loopback handbook",
  });
  server = await serveRoutes({
    "/auth": { POST: authPost },
    "/auth/methods": { GET: authMethodsGet },
    "/dataSource": { GET: dataSourceGet },
    "/embedding/info": { GET: embeddingInfoGet },
    "/retrieval": { POST: retrievalPost },
    "/retrieval/info": { GET: retrievalInfoGet },
    "/security/requirements": { GET: securityGet },
  });
});
afterAll(async () => {
  await server?.close();
  await stopWorker();
});

describe("ERI loopback", () => {
  let sourceId = "";

  it("connects to its own ERI server", async () => {
    const source = await createSource(
      SourceCreate.parse({
        name: "Myself",
        baseUrl: server.url,
        authMethod: "USERNAME_PASSWORD",
        username: "loop",
        secret: "loopback-password",
      }),
    );
    sourceId = source.id;
    const report = await testSource(sourceId);
    expect(report).toMatchObject({
      ok: true,
      authMethods: ["USERNAME_PASSWORD"],
      securityRequirement: "SELF_HOSTED",
      dataSource: { name: "Loopback handbook" },
    });
    expect(report.retrievalProcesses.map((p) => p.id)).toEqual(["hybrid", "vectors", "text"]);
  });

  it("is usable for chat offline (SELF_HOSTED), not with a cloud model", async () => {
    expect(await checkSourceForChat(sourceId, { modelSelfHosted: false, offline: true, admin: true })).toEqual({
      usable: true,
      name: "Myself",
    });
    expect((await checkSourceForChat(sourceId, { modelSelfHosted: false, offline: false, admin: true })).usable).toBe(false);
  });

  it("returns its passages as chunks citing the document page, with a link that opens it", async () => {
    const result = RetrievalResult.parse(await getRetriever("eri").retrieve("annual deductible for in-network care", sourceId, 3));
    expect(result.success).toBe(true);
    const top = result.chunks[0];
    expect(top).toMatchObject({ file_name: "handbook.pdf", page_number: 3, display_citation: "handbook.pdf, p.3" });
    expect(top.content).toContain("1,500 dollars");
    expect(top.metadata).toMatchObject({ source_id: sourceId, source_name: "Myself" });
    expect(String(top.metadata.url)).toMatch(new RegExp(`^${server.url}/v1/collections/handbook/documents/[^/]+/content#page=3$`));
    expect(result.chunks.length).toBeLessThanOrEqual(3);
  });
});
