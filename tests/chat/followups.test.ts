import { describe, expect, it } from "vitest";
import { offlineFollowups } from "@/lib/chat/followups";
import { sectionQuestion } from "@/lib/chat/topics";
import type { Chunk } from "@/lib/knowledge/schemas";

const PLAN = "Acme_Care_Plus_Benefits_Details.pdf";

describe("sectionQuestion: a heading as a person would ask about it", () => {
  it.each([
    ["COVERED SERVICES: Hearing Aids", "What does Acme Care Plus cover for hearing aids?"],
    ["COVERED SERVICES - PHYSICAL THERAPY", "What does Acme Care Plus cover for physical therapy?"],
    ["Occupational Testing Covered Services", "What does Acme Care Plus cover for occupational testing?"],
    ["Coverage for Sleep Studies", "Does Acme Care Plus cover sleep studies?"],
    ["CARE MANAGEMENT: Exceptions to Step Therapy", "What are the exceptions to step therapy?"],
    ["EXCLUSIONS", "What does Acme Care Plus not cover?"],
    ["Limits on Chiropractic Visits", "Is there a limit on chiropractic visits?"],
    ["Rental Car Limits", "What are the rental car limits?"],
    ["IMPORTANT PLAN INFORMATION: Annual Deductible", "What is the annual deductible under Acme Care Plus?"],
    ["SUMMARY OF YOUR COSTS", "What are my costs under Acme Care Plus?"],
    ["Copays and Coinsurance", "What are the copays and coinsurance under Acme Care Plus?"],
    ["Grievance Review", "How does grievance review work?"],
    ["Subrogation and Reimbursement", "How do subrogation and reimbursement work?"],
    ["How Step Therapy Works", "How does step therapy work?"],
    ["How to File a Claim", "How do I file a claim?"],
    ["HOW DEDUCTIBLES AFFECT YOUR PREMIUM", "How do deductibles affect my premium?"],
    ["When Referrals are Required", "When are referrals required?"],
    ["What You Can Dispute", "What can I dispute?"],
    ["Comparison of Tiers", "How do the tiers compare?"],
    ["Remote Work Policy", "What is the remote work policy?"],
    ["Tips for Filing Grievances", "What should I know about filing grievances?"],
    ["Tips for Members Regarding Night Shifts", "What should I know about night shifts?"],
    ["Level 2: Independent Review", "How does independent review work?"],
    ["Once The Panel Decides", "What happens once the panel decides?"],
    ["Parking and Commuting", "What should I know about parking and commuting?"],
    ["### Sleep Medicine (Polysomnography)", "What should I know about sleep medicine?"],
  ])("%s → %s", (heading, question) => {
    expect(sectionQuestion(PLAN, heading)).toBe(question);
  });

  it.each([
    "Overview",
    "INTRODUCTION",
    "Table of Contents",
    "Summary",
    "Tips",
    "Tips for Employees",
    "Exceptions",
    "Definitions",
    "Glossary",
    "COVERED SERVICES",
    "Company: Acme",
    "Job Type: Part-Time",
    "Step 2: Collect Receipts",
    "- Your member ID number",
    "Page 4",
    "Acme Care Plus Benefits Details",
    "The Acme Care Plan",
    "Employees of Acme are protected by the plan when they travel abroad for more than a month",
  ])("asks nothing about %s", (heading) => {
    expect(sectionQuestion(PLAN, heading)).toBeNull();
  });

  it("asks nothing the question already asked", () => {
    expect(sectionQuestion(PLAN, "COVERED SERVICES: Hearing Aids", new Set(["hearing", "aid"]))).toBeNull();
    expect(sectionQuestion(PLAN, "COVERED SERVICES: Hearing Aids", new Set(["hearing"]))).not.toBeNull();
  });

  it("keeps acronyms and the names the text writes capitalised, and lowers the rest", () => {
    const text = "Members enrolled in Medicare should tell the plan. Coordination with medicare supplements is described in the COB rules.";
    expect(
      sectionQuestion(
        PLAN,
        "Coordinating Benefits with Medicare",
        new Set(),
        "Coordinating Benefits with Medicare\n\nMembers on Medicare tell the plan.",
      ),
    ).toBe("What should I know about coordinating benefits with Medicare?");
    expect(sectionQuestion(PLAN, "Coordinating Benefits with Medicare", new Set(), text)).toBe(
      "What should I know about coordinating benefits with medicare?",
    );
    expect(sectionQuestion(PLAN, "COB Effect On Benefits")).toBe("What should I know about COB effect on benefits?");
    const safety =
      "Workplace Safety\n\nWelcome to Zava! At Zava, we have established a program. Zava's Workplace Safety Program covers training.";
    expect(sectionQuestion("employee_handbook.pdf", "Zava's Workplace Safety Program", new Set(), safety)).toBe(
      "What is Zava's workplace safety program?",
    );
  });
});

const chunk = (n: number, heading: string, file = PLAN): Chunk => ({
  chunk_id: `c:${n}`,
  content: `${heading}\n\nText of section ${n}.`,
  score: 1 - n / 10,
  file_name: file,
  page_number: n,
  display_citation: `${file}, p.${n}`,
  content_type: "text",
  content_subtype: null,
  structured_data: null,
  image_storage_uri: null,
  image_url: null,
  metadata: { heading },
});

describe("offlineFollowups", () => {
  it("asks at most three questions, each once, none about the asked topic or a generic heading", () => {
    const chunks = [
      chunk(1, "COVERED SERVICES: Hearing Aids"),
      chunk(2, "Overview"),
      chunk(3, "IMPORTANT PLAN INFORMATION: Annual Deductible"),
      chunk(4, "IMPORTANT PLAN INFORMATION: ANNUAL DEDUCTIBLE"),
      chunk(5, "Tips for Employees"),
      chunk(6, "How to File a Claim"),
      chunk(7, "Remote Work Policy"),
    ];
    expect(offlineFollowups("Does the plan cover hearing aids?", chunks)).toEqual([
      "What is the annual deductible under Acme Care Plus?",
      "How do I file a claim?",
      "What is the remote work policy?",
    ]);
  });

  it("asks first about the documents the answer cites, not about the section it quotes", () => {
    const chunks = [
      chunk(1, "Subrogation and Reimbursement"),
      chunk(4, "Reimbursement Amount", "PerksPlus.pdf"),
      chunk(2, "Eligible Activities", "PerksPlus.pdf"),
      chunk(3, "How to File a Claim"),
    ];
    // Page 4 is the one the answer quoted: no question about it.
    expect(offlineFollowups("What does PerksPlus reimburse?", chunks, ["PerksPlus.pdf#page=4"], 2)).toEqual([
      "Which activities are eligible for PerksPlus?",
      "How do subrogation and reimbursement work?",
    ]);
  });

  it("reads the asked topic in the question's language", () => {
    const chunks = [chunk(1, "Urlaubstage"), chunk(2, "Reisekosten")];
    expect(offlineFollowups("Wie viele Urlaubstage bekomme ich pro Jahr?", chunks)).toEqual(["What should I know about reisekosten?"]);
  });
});
