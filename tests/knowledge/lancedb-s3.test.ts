import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import { searchKnowledge } from "@/lib/knowledge/search";
import { freshDataDir } from "../helpers/env";
import { makePdf, writeTemp } from "../helpers/files";
import { ingestAndWait } from "../helpers/jobs";
import { s3Environment, startS3Server, type TestS3Server } from "../helpers/s3-server";
import { OPERATOR } from "@/lib/security/principal";

/**
 * The whole store in object storage, as on a serverless deployment: LanceDB at
 * LANCEDB_URI=s3://… (its own S3 client, configured from the same AWS_* variables) and the
 * originals at ORIGINALS_URL, against the local S3 server: ingest, search, delete.
 */
let s3: TestS3Server;
const keys = (prefix: string) => [...s3.objects.keys()].filter((k) => k.startsWith(prefix));

beforeAll(async () => {
  s3 = await startS3Server();
  await freshDataDir({
    ...s3Environment(s3),
    LANCEDB_URI: `s3://${s3.bucket}/lancedb`,
    // LanceDB refuses plain-HTTP endpoints unless told (a real bucket is HTTPS).
    AWS_ALLOW_HTTP: "true",
  });
  startWorker();
});
afterAll(async () => {
  await stopWorker();
  await s3.close();
  delete process.env.AWS_ALLOW_HTTP;
});

describe("LanceDB and originals on s3://", () => {
  it("ingest into tables in the bucket, answer searches from them, and remove them with the collection", async () => {
    await activeIngestor().createCollection("remote");
    const pdf = await makePdf(["Badges", "Visitor badges are collected at the north entrance after 8 am."]);
    const { status } = await ingestAndWait("remote", [writeTemp(os.tmpdir(), "badges.pdf", pdf)]);
    expect(status.status).toBe("completed");
    expect(keys("lancedb/remote.lance/").length).toBeGreaterThan(3); // data, versions, indexes
    expect(keys("originals/remote/")).toHaveLength(1);

    const { chunks } = await searchKnowledge({
      principal: OPERATOR,
      query: "Where are visitor badges collected?",
      collections: ["remote"],
      top: 3,
    });
    expect(chunks[0]).toMatchObject({ file_name: "badges.pdf", page_number: 2 });
    expect(chunks[0].content).toContain("north entrance");

    await activeIngestor().deleteCollection("remote");
    expect(keys("lancedb/remote.lance/")).toEqual([]);
    expect(keys("originals/remote/")).toEqual([]);
  });
});
