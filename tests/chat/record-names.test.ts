import { describe, expect, it } from "vitest";
import { extractiveAnswer } from "@/lib/chat/extractive";
import { recordOf } from "@/lib/chat/record-names";
import type { Chunk } from "@/lib/knowledge/schemas";
import { textChunk } from "../helpers/chunks";

/** A bullet quoted from a record's part says whose it is: "Chief Financial Officer › Qualifications". */

const passage = (n: number, heading: string, content: string): Chunk =>
  textChunk({ file: "role_library.pdf", page: n, content: `${heading}\n\n${content}`, heading, id: `r:${n}` });

describe("record names in answers", () => {
  it("reads the record from a heading path, and nothing from a plain heading", () => {
    expect(recordOf("Chief Financial Officer › Qualifications")).toBe("Chief Financial Officer");
    expect(recordOf("COVERED SERVICES: Acupuncture")).toBeNull();
    expect(recordOf(null)).toBeNull();
  });

  it("leads a quoted bullet with its record's title, unless the sentence names the record", () => {
    const cfo = passage(
      5,
      "Chief Financial Officer › Qualifications",
      "Qualifications:\n• A CPA certification is preferred for this position.",
    );
    const ceo = passage(
      3,
      "Chief Executive Officer › Job Summary",
      "The Chief Executive Officer holds a CPA certification in most companies.",
    );
    const { answer } = extractiveAnswer([{ question: "Which CPA certification is preferred?", chunks: [cfo, ceo] }]);
    expect(answer).toContain(
      "**Chief Financial Officer:** Qualifications: A CPA certification is preferred for this position. [role_library.pdf#page=5]",
    );
    expect(answer).not.toContain("**Chief Executive Officer:**");
  });
});
