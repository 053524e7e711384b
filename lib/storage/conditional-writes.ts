import { randomUUID } from "node:crypto";
import { ConfigError } from "@/lib/config";
import { S3Bucket, type S3Location } from "./s3";
import { log } from "@/lib/log";

/**
 * LanceDB commits a table version by writing its manifest only if no writer wrote that version
 * first (`If-None-Match: *`, answered 412). A store that ignores the condition lets two writers
 * overwrite each other's commits and rows are lost without an error, so such a store is refused
 * at start: one probe object written twice, the second write must be refused, then removed.
 */
export async function checkConditionalWrites(location: S3Location): Promise<void> {
  const store = new S3Bucket(location);
  const key = `${location.prefix}.docchat-probe-${randomUUID()}`;
  const body = new TextEncoder().encode("conditional write probe");
  try {
    if (!(await store.putIfAbsent(key, body))) throw new Error(`probe key ${key} already existed`);
    if (await store.putIfAbsent(key, body)) {
      throw new ConfigError(
        `LANCEDB_URI: the object store at ${location.endpoint ?? "AWS S3"} (bucket ${location.bucket}) ignores conditional writes ` +
          "(a second PUT with If-None-Match: * was accepted). LanceDB needs them to keep concurrent writes from losing rows: " +
          "use AWS S3, Cloudflare R2, MinIO or another store that answers 412 to it.",
      );
    }
  } finally {
    // A probe object left behind is harmless (its name says what it is): logged, not fatal.
    await store.delete(key).catch((error: unknown) => log("warn", "storage_probe_removal_failed", { key, error }));
  }
}
