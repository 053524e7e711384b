import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import { documentPassages, recordContinuations } from "@/lib/knowledge/search";
import { freshDataDir } from "../helpers/env";
import { ingestAndWait } from "../helpers/jobs";
import { makePdf, writeTemp } from "../helpers/files";

/** A record running onto the next page is read on with it; the next record is not. */

const ROLES = [
  "Manager of Operations\nJob Title: Manager of Operations, Zava\nReports To: Director of Operations\n\nJob Summary:\nThe Manager of Operations will oversee the daily operations of Zava, managing teams and resources across every site.\n\nResponsibilities:\n• Oversee day-to-day operations, including managing teams and resources\n• Develop and manage operational budgets and monitor financial performance",
  "Qualifications:\n• 5+ years of operational management experience in a manufacturing or technology environment\n• Bachelor's degree in business administration or a related field of study\n\nManager of Human Resources\nJob Title: Manager of Human Resources, Zava\nReports To: Director of Human Resources\n\nJob Summary:\nThe Manager of Human Resources will lead recruiting, onboarding and employee relations for Zava.",
];

let dataDir: string;
let tmp: string;

beforeAll(async () => {
  dataDir = await freshDataDir();
  tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-records-"));
  startWorker();
  await activeIngestor().createCollection("roles");
  await ingestAndWait("roles", [writeTemp(tmp, "roles.pdf", await makePdf(ROLES))]);
});
afterAll(async () => {
  stopWorker();
  await closeDb();
  rmSync(tmp, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("record continuations", () => {
  it("reads a found record's rest on the next page, and only that record's", async () => {
    const passages = await documentPassages("roles");
    const first = passages.find((p) => p.page_number === 1)!;
    expect(first.metadata.heading).toBe("Manager of Operations");
    const [rest, ...others] = await recordContinuations([{ ...first, score: 1 }], new Set(["Manager of Operations"]));
    expect(others).toEqual([]);
    expect(rest.page_number).toBe(2);
    expect(rest.metadata.heading).toMatch(/^Manager of Operations › /);
    expect(rest.content).toContain("5+ years of operational management experience");
    expect(rest.content).not.toContain("Manager of Human Resources will lead");
    // A passage of the last record on a page has no rest to read when the next page starts another.
    const hr = passages.find((p) => String(p.metadata.heading).startsWith("Manager of Human Resources"))!;
    expect(await recordContinuations([{ ...hr, score: 1 }], new Set(["Manager of Human Resources"]))).toEqual([]);
    // A record the question does not name is not read on.
    expect(await recordContinuations([{ ...first, score: 1 }], new Set(["Manager of Human Resources"]))).toEqual([]);
  });
});
