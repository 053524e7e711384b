import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/config";
import { checkConditionalWrites } from "@/lib/storage/conditional-writes";
import type { S3Location } from "@/lib/storage/s3";
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from "../helpers/s3-server";

/** LanceDB on object storage needs conditional writes: the start-up probe, against a store with and without them. */
let server: TestS3Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const locationOf = (s: TestS3Server): S3Location => ({
  bucket: s.bucket,
  prefix: "lancedb/",
  region: S3_TEST_CREDENTIALS.region,
  endpoint: s.url,
  accessKeyId: S3_TEST_CREDENTIALS.accessKeyId,
  secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
});

describe("the conditional-write probe", () => {
  it("passes on a store that refuses a second If-None-Match: * write, and leaves nothing behind", async () => {
    server = await startS3Server();
    await checkConditionalWrites(locationOf(server));
    expect(server.objects.size).toBe(0);
    expect(server.requests.filter((r) => r.status === 412)).toHaveLength(1);
  });

  it("refuses a store that accepts it, naming the setting and the requirement", async () => {
    server = await startS3Server({ ignoreConditions: true });
    const probe = checkConditionalWrites(locationOf(server));
    await expect(probe).rejects.toBeInstanceOf(ConfigError);
    await expect(checkConditionalWrites(locationOf(server))).rejects.toThrow(/LANCEDB_URI.*conditional writes.*If-None-Match/);
    expect(server.objects.size).toBe(0);
  });
});
