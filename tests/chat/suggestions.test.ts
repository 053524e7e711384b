import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleQuestions } from "@/lib/chat/suggestions";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import { OPERATOR } from "@/lib/security/principal";
import { freshDataDir } from "../helpers/env";
import { writeTemp } from "../helpers/files";
import { ingestAndWait } from "../helpers/jobs";

/**
 * Example questions (the empty chat, Copilot's conversation starters) as a person would write
 * them. A name keeps its capital when the document writes it so anywhere, not only in the passage
 * under the heading: Northwind's role_library.pdf gave "…roles descriptions at zava?".
 */
const ROLES = [
  "# Roles Descriptions at Zava",
  "",
  "This document describes each role of the company: what the person does, whom they report to and what they need to know.",
  "",
  "## Sales Manager",
  "",
  "The sales manager leads the regional sales team for Zava, sets quarterly targets and reports to the head of sales.",
  "",
  "## Software Engineer",
  "",
  "Software engineers at Zava build and maintain the products, review each other's code and take turns on call.",
].join("\n");

beforeAll(async () => {
  await freshDataDir({ CHUNK_TOKENS: "64", CHUNK_OVERLAP: "0" });
  startWorker();
  await activeIngestor().createCollection("roles");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "suggestions-"));
  await ingestAndWait("roles", [writeTemp(tmp, "role_library.md", ROLES)]);
});

afterAll(async () => {
  await stopWorker();
  delete process.env.CHUNK_TOKENS;
  delete process.env.CHUNK_OVERLAP;
});

describe("example questions", () => {
  it("keep a name capitalised as the document writes it elsewhere", async () => {
    const questions = await exampleQuestions(OPERATOR, ["roles"], 6);
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.join(" ")).toMatch(/\bat Zava\?/);
    expect(questions.join(" ")).not.toMatch(/\bzava\b/);
  });
});
