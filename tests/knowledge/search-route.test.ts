import { beforeAll, describe, expect, it } from "vitest";
import { POST as searchPost } from "@/app/v1/collections/[name]/search/route";
import { db } from "@/lib/db/client";
import { EmbeddingModelMismatch } from "@/lib/errors";
import { activeIngestor, getRetriever, stopWorker } from "@/lib/knowledge";
import { embedderFor } from "@/lib/models/embedder";
import { freshDataDir } from "../helpers/env";

/**
 * POST /v1/collections/{name}/search answers a failed search with the status the SDK gives it:
 * 409 for a collection the configured embedding model cannot search (built with another one),
 * 500 for anything else, with the reason in `detail`. The status comes from the error class the
 * embedder or retriever throws (EmbeddingModelMismatch), carried through the read door's
 * failures: never read off the message.
 */

const search = async (name: string, body: Record<string, unknown>) => {
  const request = new Request(`http://localhost/v1/collections/${name}/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await searchPost(request, { params: Promise.resolve({ name }) });
  return { status: response.status, body: (await response.json()) as { detail?: string } };
};

describe("POST /v1/collections/{name}/search failures", () => {
  beforeAll(async () => {
    await freshDataDir();
    await activeIngestor().createCollection("remote_built");
    // Built with an OpenAI model while this app runs the offline embedder.
    await db().collection.update({
      where: { name: "remote_built" },
      data: { embeddingModel: "text-embedding-3-small", embeddingDims: 1536 },
    });
    await activeIngestor().createCollection("no_table");
    await db().collection.update({ where: { name: "no_table" }, data: { tableName: "no_such_table" } });
    return stopWorker;
  });

  it("answers 409 for a collection built with another embedding model", async () => {
    const found = await search("remote_built", { query: "annual deductible" });
    expect(found.status).toBe(409);
    expect(found.body.detail).toMatch(/built with embedding model "text-embedding-3-small" \(1536 dimensions\)/);
  });

  it("answers 500 for a failure the caller cannot fix", async () => {
    const found = await search("no_table", { query: "annual deductible", retrieval_mode: "vectors" });
    expect(found.status).toBe(500);
    expect(found.body.detail).toMatch(/^Retrieval failed/);
  });

  it("answers 404 for an unknown collection", async () => {
    expect((await search("nowhere", { query: "annual deductible" })).status).toBe(404);
  });

  it("carries the status from the error class thrown at the source", async () => {
    expect(() => embedderFor("text-embedding-3-small", 1536)).toThrow(EmbeddingModelMismatch);
    const byVector = await getRetriever("lancedb").retrieve("x", "no_table", 3, null, { vector: new Float32Array(8) });
    expect(byVector).toMatchObject({ success: false, error_status: 409 });
    const other = await getRetriever("lancedb").retrieve("x", "no_table", 3, null, { mode: "vectors" });
    expect(other.success).toBe(false);
    expect(other.error_status).toBeUndefined();
  });
});
