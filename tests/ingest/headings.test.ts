import { describe, expect, it } from "vitest";
import { isHeadingLine, isRecordTitle, looksLikeTitle, markdownHeading } from "@/lib/ingest/headings";
import { documentWords } from "@/lib/ingest/hyphenation";
import { reflowPdfPage } from "@/lib/ingest/pdf-reflow";

describe("heading detection", () => {
  it("accepts short Title Case and ALL CAPS lines without final punctuation", () => {
    for (const line of [
      "Out-of-Network Providers",
      "Tips",
      "SUMMARY OF YOUR COSTS",
      "2.1 Terms of Use",
      "Women's Health and Cancer Rights Act of 1998",
    ]) {
      expect(looksLikeTitle(line), line).toBe(true);
    }
    for (const line of [
      "All rights reserved to Microsoft",
      "This plan covers you.",
      "Company Values:",
      "• Food and supplements",
      "PerksPlus Health and Wellness Reimbursement Program for",
      "A".repeat(81),
    ]) {
      expect(looksLikeTitle(line), line).toBe(false);
    }
  });

  it("needs body text after the heading and no unfinished sentence before it", () => {
    const body = "Northwind Standard offers coverage for some out-of-network providers.";
    expect(isHeadingLine("Exceptions", "", body)).toBe(true);
    expect(isHeadingLine("Exceptions", "The previous paragraph ended.", body)).toBe(true);
    expect(isHeadingLine("Exceptions", "a wrapped line that continues into the", body)).toBe(false);
    expect(isHeadingLine("Exceptions", "", "Another Title Line")).toBe(false);
    expect(isHeadingLine("Exceptions", "", "continues in lower case and so is not body")).toBe(false);
    expect(isHeadingLine("Exceptions", "", undefined)).toBe(false);
  });

  it("takes a short question on a line of its own for a section's heading, as FAQ-style documents title them", () => {
    const body = "PerksPlus covers a wide range of fitness activities, including but not limited to:";
    expect(isHeadingLine("What is Covered?", "", body)).toBe(true);
    expect(isHeadingLine("How do I file a claim?", "The previous section ended.", body)).toBe(true);
    // The end of a question wrapped from the line above, or a question inside prose, is no heading.
    expect(isHeadingLine("when needed?", "", body)).toBe(false);
    expect(isHeadingLine("What is covered? Read on.", "", body)).toBe(false);
    expect(isHeadingLine("Dental care covers cleanings?", "", body)).toBe(false);
    expect(isHeadingLine("What is Covered?", "a wrapped line that continues into the", body)).toBe(false);
  });

  it("takes a title line that opens a form for a record's title, not a form's field or a section's title", () => {
    const body = "The Chief Financial Officer leads all financial operations of the company.";
    // Directly above fields, or above one header line and then a field or a label.
    expect(isRecordTitle("Chief Financial Officer", "", ["Job Title: Chief Financial Officer", "Company: Zava"])).toBe(true);
    expect(
      isRecordTitle("Chief Financial Officer", "• Strong leadership skills", ["Job Title: Chief Financial Officer", "Job Summary:"]),
    ).toBe(true);
    expect(isRecordTitle("Chief Executive Officer", "", ["Job Description:", "Position: Chief Executive Officer", "Company: Zava"])).toBe(
      true,
    );
    expect(isRecordTitle("Manager of Research", "", ["JOB DESCRIPTION", "Position Summary:", body])).toBe(true);
    // At a page's end, the next page's first line is all that is known.
    expect(isRecordTitle("Vice President of Operations", "", ["Job Title: Vice President of Operations"])).toBe(true);
    // A field followed by body text is a section's heading, not a form.
    expect(isRecordTitle("Dialysis", "", ["COVERED SERVICES: Dialysis", body])).toBe(false);
    expect(isRecordTitle("Copayments", "IMPORTANT PLAN INFORMATION", ["IMPORTANT PLAN INFORMATION: Copayments", body])).toBe(false);
    // Of stacked titles, the one the fields name: "Job Description" is the record's header line,
    // a running head above a record is nobody's title.
    const sales = ["Job Description", "Position: Senior Manager of Sales", "Job Summary:"];
    expect(isRecordTitle("Senior Manager of Sales", "", sales)).toBe(true);
    expect(isRecordTitle("Job Description", "Senior Manager of Sales", sales.slice(1))).toBe(false);
    const crane = ["Crane Operator", "Job Title: Crane Operator", "Department: Port"];
    expect(isRecordTitle("Harbour Authority Staff Roles", "", crane)).toBe(false);
    expect(isRecordTitle("Crane Operator", "Harbour Authority Staff Roles", crane.slice(1))).toBe(true);
    // Neither a field nor a sentence is a title.
    expect(isRecordTitle("Company: Zava", "", ["Location: Anywhere", "Job Type: Full-Time"])).toBe(false);
    expect(isRecordTitle("The role is open to all.", "", ["Job Title: Clerk", "Company: Zava"])).toBe(false);
  });

  it("never takes a form's next field for a heading, whatever follows it", () => {
    const body = "The Director of Product Management leads the product management team in its work.";
    expect(isHeadingLine("Company: Zava", "Position: Director of Product Management", body)).toBe(false);
    expect(isHeadingLine("COVERED SERVICES: Dialysis", "", body)).toBe(true);
  });

  it("reads Markdown ATX headings", () => {
    expect(markdownHeading("## Install ##")).toBe("Install");
    expect(markdownHeading("#hashtag")).toBeNull();
    expect(markdownHeading("    # indented code")).toBeNull();
  });
});

describe("PDF reflow", () => {
  it("joins wrapped lines, keeps hyphenated compounds, splits paragraphs and lists", () => {
    const raw = [
      "Choosing in-network providers is the most cost-effective option when it comes to your",
      "Northwind Standard plan. If you choose an out-of-network provider, you may pay more for out-of-",
      "network services than for in-network ones.",
      "Exceptions",
      "Some providers may offer services that are outside of the plan coverage, for example:",
      "• Cosmetic surgery and related services that the plan does not consider necessary",
      "• Experimental treatment",
      "Tips",
      "Always check with Northwind Health before you book an appointment with a new provider.",
    ].join("\n");
    expect(reflowPdfPage(raw)).toBe(
      [
        "Choosing in-network providers is the most cost-effective option when it comes to your Northwind Standard plan. " +
          "If you choose an out-of-network provider, you may pay more for out-of-network services than for in-network ones.",
        "Exceptions",
        "Some providers may offer services that are outside of the plan coverage, for example:\n" +
          "• Cosmetic surgery and related services that the plan does not consider necessary\n" +
          "• Experimental treatment",
        "Tips",
        "Always check with Northwind Health before you book an appointment with a new provider.",
      ].join("\n\n"),
    );
  });

  it("rejoins words hyphenated at a line end, keeping compounds the document writes with a hyphen", () => {
    const raw = [
      "The agreement covers every Ex-",
      "isting contract and each bone-",
      "anchored implant; a bone scan and a well-",
      "known clinic are named. The reim-",
      "bursement is paid monthly by the self-",
      "service portal to in-network and out-of-",
      "network providers alike, with no co-",
      "payment.",
    ].join("\n");
    const words = "A well-known clinic and the self-service portal are named. Check your copayment.";
    expect(reflowPdfPage(raw, undefined, documentWords([raw, words]))).toBe(
      "The agreement covers every Existing contract and each bone-anchored implant; a bone scan and a well-known clinic are named. " +
        "The reimbursement is paid monthly by the self-service portal to in-network and out-of-network providers alike, with no copayment.",
    );
  });

  it("puts a record's title on a line of its own, not on the end of the list above it", () => {
    const raw = [
      "• Knowledge of SEO and web analytics tools for the whole marketing department",
      "• Ability to work independently and collaboratively in a fast-paced environment",
      "Director of Operations",
      "Job Title: Director of Operations, Zava",
      "Job Summary:",
      "The Director of Operations is responsible for the overall operations of Zava.",
    ].join("\n");
    expect(reflowPdfPage(raw).split("\n\n")).toEqual([
      "• Knowledge of SEO and web analytics tools for the whole marketing department\n" +
        "• Ability to work independently and collaboratively in a fast-paced environment",
      "Director of Operations",
      "Job Title: Director of Operations, Zava",
      "Job Summary:",
      "The Director of Operations is responsible for the overall operations of Zava.",
    ]);
  });

  it("rejoins words split by a soft hyphen and keeps short deliberate lines apart", () => {
    expect(reflowPdfPage("Zava\nNorthwind Health Standard Plan")).toBe("Zava\nNorthwind Health Standard Plan");
    expect(reflowPdfPage("The reimburse\u00ad\nment is paid monthly.")).toBe("The reimbursement is paid monthly.");
  });
});
