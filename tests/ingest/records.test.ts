import { describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import { makePdf } from "./helpers/pdf";

/**
 * A document of records (a role library, product sheets): each record a title line, a form's
 * fields, then sections of bullets, a running head and foot on every page. Every chunk says which
 * record it belongs to.
 */

const HEAD = "Harbour Authority Staff Roles";
const foot = (page: number) => `Page ${page} of 3`;

const PAGES = [
  [
    HEAD,
    "Crane Operator",
    "Job Title: Crane Operator",
    "Department: Port Operations",
    "Reports To: Harbour Master",
    "Responsibilities:",
    "• Operate the ship-to-shore cranes during loading shifts.",
    "• Inspect cables, hooks and brakes before every shift.",
    "• Keep the crane log and report faults to the workshop.",
    "Qualifications:",
    "• A certified crane licence of class A.",
    "• Three years of experience with heavy lifting equipment.",
    foot(1),
  ],
  [
    HEAD,
    "• Good eyesight and normal colour vision.",
    "Pilot Boat Skipper",
    "Job Title: Pilot Boat Skipper",
    "Department: Marine Services",
    "Responsibilities:",
    "• Carry harbour pilots to arriving ships in all weather.",
    "Qualifications:",
    "• A master mariner certificate.",
    foot(2),
  ],
  [
    HEAD,
    "Records Clerk",
    "Job Title: Records Clerk",
    "Reports To: Harbour Master",
    "Qualifications:",
    "• Two years of office experience.",
    foot(3),
  ],
];

describe("records", () => {
  it("gives every chunk its record's title, then the section, never the running head", async () => {
    const doc = await parseFile(await makePdf(PAGES), "roles.pdf");
    const chunks = chunkDocument(doc, { chunkTokens: 48, overlapTokens: 8 });
    const headingOf = (text: string) => chunks.find((c) => c.text.includes(text))?.heading;

    expect(headingOf("Department: Port Operations")).toBe("Crane Operator");
    expect(headingOf("class A")).toMatch(/^Crane Operator › /);
    // A record's section running on to the next page keeps its record and section.
    expect(headingOf("Good eyesight")).toBe("Crane Operator › Qualifications");
    expect(headingOf("Department: Marine Services")).toBe("Pilot Boat Skipper");
    expect(headingOf("master mariner")).toMatch(/^Pilot Boat Skipper\b/);
    expect(headingOf("office experience")).toMatch(/^Records Clerk\b/);
    // The title is in the text search reads, not just the heading field.
    expect(chunks.find((c) => c.text.includes("Good eyesight"))?.text).toMatch(/^Crane Operator › Qualifications\n\n• Good/);

    for (const chunk of chunks) expect(chunk.heading ?? "").not.toContain("Harbour Authority");
    // A record never shares a chunk with the one before it.
    expect(chunks.filter((c) => c.text.includes("Good eyesight") && c.text.includes("Pilot Boat Skipper"))).toEqual([]);
    expect(chunks.filter((c) => c.text.includes("mariner") && c.text.includes("Records Clerk"))).toEqual([]);
  });
});
