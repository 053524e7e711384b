import { expect } from "vitest";
import { IngestError } from "@/lib/errors";

/** The IngestError a promise rejects with (the test fails if it resolves or rejects otherwise). */
export async function ingestError(promise: Promise<unknown>): Promise<IngestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IngestError);
  return error as IngestError;
}
