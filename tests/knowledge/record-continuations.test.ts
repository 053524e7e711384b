import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import { documentPassages, listLeadIns, recordContinuations } from "@/lib/knowledge/search";
import { freshDataDir } from "../helpers/env";
import { ingestAndWait } from "../helpers/jobs";
import { makePdf, writeTemp } from "../helpers/files";

/**
 * Reading across a page break: a record running onto the next page is read on with it (the next
 * record is not); a page opening inside a list is read with the foot of the page before, where the
 * list is led in.
 */

const ROLES = [
  "Manager of Operations\nJob Title: Manager of Operations, Zava\nReports To: Director of Operations\n\nJob Summary:\nThe Manager of Operations will oversee the daily operations of Zava, managing teams and resources across every site.\n\nResponsibilities:\n• Oversee day-to-day operations, including managing teams and resources\n• Develop and manage operational budgets and monitor financial performance",
  "Qualifications:\n• 5+ years of operational management experience in a manufacturing or technology environment\n• Bachelor's degree in business administration or a related field of study\n\nManager of Human Resources\nJob Title: Manager of Human Resources, Zava\nReports To: Director of Human Resources\n\nJob Summary:\nThe Manager of Human Resources will lead recruiting, onboarding and employee relations for Zava.",
];

const BLOOD = [
  "Blood Products and Services\nNorthwind Health Plus covers a variety of blood products and services.\nServices covered by this plan include:\n• Blood tests and transfusions\n• Blood typing",
  "• Platelet donation and collection\n• Hemophilia treatment\n\nOut-of-Network Coverage\nThe plan also covers blood products received from out-of-network providers.",
  "Hospice Care\nHospice care is covered when a doctor certifies a terminal illness.",
  "• Bring a list of your medications to every visit\n• Ask about respite care for your family",
];

let dataDir: string;
let tmp: string;

beforeAll(async () => {
  dataDir = await freshDataDir();
  tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-records-"));
  startWorker();
  await activeIngestor().createCollection("roles");
  await ingestAndWait("roles", [writeTemp(tmp, "roles.pdf", await makePdf(ROLES))]);
  await activeIngestor().createCollection("plans");
  await ingestAndWait("plans", [writeTemp(tmp, "plus.pdf", await makePdf(BLOOD))]);
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

describe("list lead-ins", () => {
  it("reads the foot of the page before a found passage that opens inside a list, and only then", async () => {
    const passages = await documentPassages("plans");
    const onPage = (n: number) => passages.find((p) => p.page_number === n)!;
    expect(onPage(2).content).toContain("• Hemophilia treatment");
    const [lead, ...others] = await listLeadIns([{ ...onPage(2), score: 1 }]);
    expect(others).toEqual([]);
    expect(lead.page_number).toBe(1);
    expect(lead.content).toContain("Services covered by this plan include:");
    // A passage opening with prose has nothing to read; nor one whose page before was found too.
    expect(await listLeadIns([{ ...onPage(3), score: 1 }])).toEqual([]);
    expect(
      await listLeadIns([
        { ...onPage(2), score: 1 },
        { ...onPage(1), score: 0.5 },
      ]),
    ).toEqual([]);
    // A page before that ends in prose leads no list in.
    expect(await listLeadIns([{ ...onPage(4), score: 1 }])).toEqual([]);
  });
});
