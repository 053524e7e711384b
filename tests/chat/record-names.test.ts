import { describe, expect, it } from "vitest";
import { extractiveAnswer } from "@/lib/chat/extractive";
import { namedRecords, recordOf, recordsNamed } from "@/lib/chat/record-names";
import { rankPart } from "@/lib/chat/sentence-ranking";
import { readingOf, StemSet } from "@/lib/chat/question-terms";
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

  it("knows the records a question names, by their words or initials, the most specific first", () => {
    const titles = [
      "Director of Sales",
      "Director of Human Resources",
      "Vice President of Marketing",
      "Chief Financial Officer",
      "Product Management",
      "Senior Manager of Product Management",
    ];
    const named = (question: string) => [...namedRecords(new StemSet(question, readingOf("en")), titles, readingOf("en"))];
    expect(named("What does the Director of Sales do?")).toEqual(["Director of Sales"]);
    expect(named("And for the Director of HR?")).toEqual(["Director of Human Resources"]);
    expect(named("Does the VP of Marketing or the CFO need more years?")).toEqual([
      "Vice President of Marketing",
      "Chief Financial Officer",
    ]);
    expect(named("How long for the senior manager of product management?")).toEqual(["Senior Manager of Product Management"]);
    expect(named("Who is the director here?")).toEqual([]);
    const rnd = ["Manager of Research and Development", "Senior Manager of Research and Development"];
    const both = "Which asks for more: Manager of Research and Development or Senior Manager of Research and Development?";
    expect([...namedRecords(new StemSet(both, readingOf("en")), rnd, readingOf("en"), both)]).toEqual(rnd);
    // Titles written as phrases are the ones named, not one whose words are scattered among them.
    const ops = ["Director of Marketing", "Vice President of Marketing", "Director of Operations", "Vice President of Operations"];
    const which = "Which asks for more years: VP of Marketing or Director of Operations?";
    expect([...namedRecords(new StemSet(which, readingOf("en")), ops, readingOf("en"), which)]).toEqual([
      "Vice President of Marketing",
      "Director of Operations",
    ]);
  });

  it("answers a question naming a record from that record, not another's like bullet", () => {
    const sales = passage(13, "Director of Sales › Qualifications", "Qualifications:\n• 5+ years of experience in a leadership role");
    const hr = passage(
      16,
      "Director of Human Resources › Qualifications",
      "Qualifications:\n• At least 8 years of experience leading a sales team",
    );
    const { answer } = extractiveAnswer([
      { question: "How many years of leading a sales team would the Director of Sales need?", chunks: [hr, sales] },
    ]);
    expect(answer).toContain("5+ years of experience in a leadership role. [role_library.pdf#page=13]");
    expect(answer).not.toContain("page=16");
  });

  it("answers a follow-up naming a record of its own from that record", () => {
    const sales = passage(13, "Director of Sales › Qualifications", "Qualifications:\n• 5+ years of experience in a sales leadership role");
    const hr = passage(
      16,
      "Director of Human Resources › Qualifications",
      "Qualifications:\n• At least 8 years of experience in human resources",
    );
    const { answer } = extractiveAnswer([
      {
        question: "And for Director of HR? How many years of experience does the Director of Sales job ask for?",
        asked: "And for Director of HR?",
        chunks: [sales, hr],
      },
    ]);
    expect(answer).toContain("At least 8 years of experience in human resources. [role_library.pdf#page=16]");
    expect(answer).not.toContain("page=13");
  });

  it("answers a follow-up naming part of a record from the record its context completes", () => {
    // A page starting with the end of the record before it, then the next record's title.
    const page16 = textChunk({
      file: "role_library.pdf",
      page: 16,
      content:
        "Director of Human Resources › Qualifications\n\n• At least 8 years of experience in human resources\n\nDirector of Research and Development\n\nThe Director of Research and Development leads the research team.",
      heading: "Director of Research and Development",
      id: "r:16",
    });
    const page17 = passage(
      17,
      "Director of Research and Development › Qualifications",
      "Qualifications:\n• 10+ years of experience in research and development",
    );
    const manager = passage(
      28,
      "Manager of Research and Development › Qualifications",
      "Qualifications:\n• 5+ years of experience in research",
    );
    const part = {
      question: "And for the Director job in that department? experience manager research",
      asked: "And for the Director job in that department?",
      askedAgain: "How much experience do you need to be a Manager of Research and Development?",
      chunks: [page16, manager, page17],
    };
    // The bullet on the Director of R&D's page is the Director of HR's.
    expect(rankPart(part)!.byScore.map((c) => c.text)).not.toContain("At least 8 years of experience in human resources");
    const { answer } = extractiveAnswer([part]);
    expect(answer).toMatch(/^\*\*Director of Research and Development:\*\* Qualifications: 10\+ years of experience/);
    expect(answer).not.toMatch(/8 years|page=28/);
  });

  it("knows a document of records by a part's heading inside a whole page, though every passage found is a record's first", () => {
    const ceo = textChunk({
      file: "role_library.pdf",
      page: 3,
      content:
        "Chief Executive Officer\n\nQualifications:\n• Bachelor's degree in business\n• 10+ years of experience in executive management",
      heading: "Chief Executive Officer",
      id: "r:3",
    });
    const product = textChunk({
      file: "role_library.pdf",
      page: 18,
      content:
        "Director of Product Management\n\nThe Director of Product Management leads the product team.\n\nDirector of Product Management › Qualifications\n\nQualifications:\n• 5+ years of product management experience",
      heading: "Director of Product Management",
      id: "r:18",
    });
    const { answer } = extractiveAnswer([
      { question: "How many years of management experience does the CEO job ask for?", chunks: [product, ceo] },
    ]);
    expect(answer).toContain("10+ years of experience in executive management");
    expect(answer).not.toContain("page=18");
  });
  it("compares two records named, each stated by its own sentence and named before it", () => {
    const manager = passage(
      28,
      "Manager of Research and Development › Qualifications",
      "• 7+ years of experience in research and development.",
    );
    const senior = passage(
      22,
      "Senior Manager of Research and Development",
      "Job Title: Senior Manager of Research and Development\n\nQualifications:\n- 5+ years of experience in a research and development role",
    );
    const director = passage(15, "Director of Sales › Qualifications", "• 10+ years of experience in sales.");
    const question =
      "Which job asks for more years of experience: Manager of Research and Development or Senior Manager of Research and Development?";
    const part = rankPart({ question, chunks: [senior, manager, director] })!;
    expect(part.compared.sort()).toEqual(["Manager of Research and Development", "Senior Manager of Research and Development"]);
    const { answer } = extractiveAnswer([{ question, chunks: [senior, manager, director] }]);
    expect(answer).toContain("**Manager of Research and Development:** 7+ years of experience in research and development.");
    expect(answer).toContain(
      "**Senior Manager of Research and Development:** Qualifications: 5+ years of experience in a research and development role",
    );
    expect(answer).not.toContain("Director of Sales");
    // Which asks for more: the figures compared, the larger first.
    expect(answer).toMatch(/^More in Manager of Research and Development: 7\+ years \[role_library\.pdf#page=28\], against 5\+ years/);
  });
  it("names the record a sentence is from when the question asks which role", () => {
    const hr = passage(21, "Senior Manager of Human Resources", "Responsibilities:\n• Manage employee benefits and retirement plans");
    const cfo = passage(5, "Chief Financial Officer › Qualifications", "• A CPA certification is preferred.");
    const question = "I've got some questions about how our retirement plan is set up. Which role at Zava actually manages that?";
    expect(extractiveAnswer([{ question, chunks: [hr, cfo] }]).answer).toMatch(
      /^\*\*Senior Manager of Human Resources:\*\* Responsibilities: Manage employee benefits and retirement plans/,
    );
  });

  it("names of the found passages' records those the question names", () => {
    const ops = passage(26, "Manager of Operations", "Job Title: Manager of Operations, Zava");
    const senior = passage(27, "Senior Manager of Operations › Qualifications", "• 7+ years of operational management experience");
    const sales = passage(20, "Director of Sales › Qualifications", "• 10+ years of sales experience");
    const question = "How many years of experience does the Manager of Operations job ask for?";
    expect([...recordsNamed(question, [ops, senior, sales])]).toEqual(["Manager of Operations"]);
  });

  it("answers a record's part asked for with that part whole, in document order, named once", () => {
    const items = [
      "Bachelor's degree in finance, accounting, economics, or a related field of study.",
      "At least 10 years of experience in financial management, including 5 years in a leadership role.",
    ];
    const cfo5 = passage(5, "Chief Financial Officer › Qualifications", items.map((i) => `• ${i}`).join("\n"));
    const cfo6 = passage(6, "Chief Financial Officer › Qualifications", "• Proficiency in financial modeling and analysis.");
    const cto = passage(
      7,
      "Chief Technology Officer › Qualifications",
      "• Bachelor's degree in computer science or a related field of study.",
    );
    const { answer } = extractiveAnswer([
      { question: "What qualifications does the Chief Financial Officer need?", chunks: [cfo6, cto, cfo5] },
    ]);
    expect(answer).toBe(
      `**Chief Financial Officer › Qualifications:** ${items[0]} [role_library.pdf#page=5] ${items[1]} [role_library.pdf#page=5] ` +
        "Proficiency in financial modeling and analysis. [role_library.pdf#page=6]",
    );
  });
});
