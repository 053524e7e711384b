import { describe, expect, it } from "vitest";
import { followupCandidates, offlineFollowups } from "@/lib/chat/followups";
import { pageSections } from "@/lib/chat/page-sections";
import { NEGATION, sectionQuestion } from "@/lib/chat/topics";
import type { Chunk } from "@/lib/knowledge/schemas";
import { textChunk } from "../helpers/chunks";

const PLAN = "Acme_Care_Plus_Benefits_Details.pdf";

describe("sectionQuestion: a heading as a person would ask about it", () => {
  it("asks about a record's part by the record's name, as written", () => {
    expect(sectionQuestion("role_library.pdf", "Director of Sales › Qualifications")).toBe(
      "What are the qualifications of the Director of Sales?",
    );
    expect(sectionQuestion("role_library.pdf", "Vice President of Product Management › Job Summary")).toBe(
      "What is the job summary of the Vice President of Product Management?",
    );
    expect(sectionQuestion("role_library.pdf", "Director of Sales › Overview")).toBe("What should I know about the Director of Sales?");
    // A record's first part, headed by its title alone: its form names it.
    expect(
      sectionQuestion("role_library.pdf", "Director of Product Management", new Set(), "Position: Director of Product Management"),
    ).toBe("What should I know about the Director of Product Management?");
    // Whatever the form calls the field ("JOB DESCRIPTION:").
    expect(
      sectionQuestion(
        "role_library.pdf",
        "Chief Financial Officer",
        new Set(),
        "JOB DESCRIPTION: Chief Financial Officer\n\nThe financial team…",
      ),
    ).toBe("What should I know about the Chief Financial Officer?");
  });

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

describe("sectionQuestion: no repeats, and grammatical", () => {
  it("asks the other side of what is covered, with the plan's name", () => {
    expect(sectionQuestion("PerksPlus.pdf", "What is Not Covered?")).toBe("What does PerksPlus not cover?");
    expect(sectionQuestion("PerksPlus.pdf", "What is Not Covered?", new Set([NEGATION]))).toBeNull();
    expect(sectionQuestion(PLAN, "Exclusions", new Set(["covered"]))).toBe("What does Acme Care Plus not cover?");
  });

  it("asks nothing mostly about what was just asked", () => {
    const asked = new Set(["emergency", "room", "visits"]);
    expect(sectionQuestion(PLAN, "Utilizing Emergency Room Services", asked)).toBeNull();
    expect(sectionQuestion(PLAN, "Coverage for Emergency Room Services", asked)).toBeNull();
    expect(sectionQuestion(PLAN, "COVERED SERVICES: Urgent Care", asked)).toBe("What does Acme Care Plus cover for urgent care?");
  });

  it("writes I, acronyms and names as a person would, and Title-Case compounds in lower case", () => {
    expect(sectionQuestion(PLAN, "WHAT IF I HAVE OTHER COVERAGE?")).toBe("What if I have other coverage?");
    expect(sectionQuestion(PLAN, "Exceptions to Prior-Authorization for Out-Of-Network Providers")).toBe(
      "What are the exceptions to prior-authorization for out-of-network providers?",
    );
    const text = "See Orthognathic Surgery below. Orthognathic Surgery is covered when medically necessary.";
    expect(sectionQuestion(PLAN, "Orthognathic Surgery", new Set(), text)).toBe("What should I know about orthognathic surgery?");
  });

  it.each(["Disclaimer", "Copyright", "Contents"])("asks nothing about %s", (heading) => {
    expect(sectionQuestion(PLAN, heading)).toBeNull();
  });
});

describe("pageSections", () => {
  it("cuts a page at its headings, question headings and stacked ones included", () => {
    const page = [
      "Overview",
      "",
      "PerksPlus lets employees expense up to $1000 for fitness each year.",
      "",
      "What is Covered?",
      "",
      "PerksPlus covers a wide range of fitness activities, such as these:",
      "• Gym memberships",
      "",
      "Performance Reviews",
      "Performance Reviews at Zava",
      "",
      "Reviews are conducted annually by your supervisor and are written down.",
    ].join("\n");
    expect(pageSections(page, "Overview").map((s) => s.heading)).toEqual([
      "Overview",
      "What is Covered?",
      "Performance Reviews",
      "Performance Reviews at Zava",
    ]);
    expect(pageSections(page)[1].text).toContain("• Gym memberships");
  });
});

/** A page of a small corpus: its sections as the chunker writes them (heading, blank line, body). */
const page = (file: string, n: number, sections: [string, string][], score = 0.5): Chunk =>
  textChunk({
    file,
    page: n,
    content: sections.map(([heading, body]) => `${heading}\n\n${body}`).join("\n\n"),
    heading: sections[0][0],
    score,
  });

const HANDBOOK = "Zava_Employee_Handbook.pdf";
const MOTOR = "Motor_Insurance_Terms.pdf";
const CORPUS: Chunk[] = [
  page(HANDBOOK, 1, [["Table of Contents", "Privacy at Zava ... 4\nWorkplace Safety ... 6"]]),
  page(HANDBOOK, 2, [["Disclaimer", "This handbook is for information only and does not form a contract of employment."]]),
  page(HANDBOOK, 4, [
    ["Privacy at Zava", "Zava protects the personal information of its employees and never sells personal data to anyone."],
    ["Access to Your Personal Data", "Employees may ask the privacy team for a copy of the personal data Zava keeps about them."],
  ]),
  page(HANDBOOK, 5, [
    ["Reporting a Data Breach", "Report any loss of personal data or customer data to the privacy team within one day."],
    ["Data Retention", "Personal data is deleted seven years after an employee leaves, unless the privacy team keeps it longer."],
  ]),
  page(HANDBOOK, 9, [["Parking", "Employees park in the north lot; visitors use the marked spaces by reception."]]),
  page(MOTOR, 3, [
    ["Personal Injury Protection", "Personal injury protection pays medical costs after a car accident, whoever was at fault."],
  ]),
];

/** Retrieval over the corpus: pages ranked by the question's words they contain. */
async function findPages(question: string): Promise<string[]> {
  const words = question.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  return CORPUS.map((c) => ({
    id: `${c.file_name}#page=${c.page_number}`,
    hits: words.filter((w) => c.content.toLowerCase().includes(w)).length,
  }))
    .filter((p) => p.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .map((p) => p.id);
}

const PRIVACY_TURN = {
  question: "How does Zava protect my personal information?",
  answer:
    "Zava protects the personal information of its employees and never sells personal data to anyone. [Zava_Employee_Handbook.pdf#page=4]",
  cited: ["Zava_Employee_Handbook.pdf#page=4"],
  chunks: CORPUS,
};

/** A question a person would ask: a question word first, one question mark last, no heading furniture. */
const WELL_FORMED = /^(What|How|Does|Do|Is|Are|Can|Which|When|Who|Where)\b[^?]{8,100}\?$/;

describe("offlineFollowups on a small corpus", () => {
  it("asks about the cited pages' own sections, never about another document or page furniture", async () => {
    const followups = await offlineFollowups(PRIVACY_TURN, findPages);
    expect(followups).toEqual([
      "What should I know about access to my personal data?",
      "What should I know about reporting a data breach?",
      "What should I know about data retention?",
    ]);
    for (const q of followups) {
      expect(q).toMatch(WELL_FORMED);
      expect(q).not.toMatch(/motor|injury|parking|contents|disclaimer|overview|say about/i);
    }
    expect(new Set(followups).size).toBe(followups.length);
  });

  it("never asks about the section the answer quoted, nor repeats the question", async () => {
    const followups = await offlineFollowups(PRIVACY_TURN, findPages);
    expect(followups.join(" ")).not.toMatch(/privacy at zava/i);
    expect(followups).not.toContain(PRIVACY_TURN.question);
  });

  it("drops a suggestion whose search would not find its own section", async () => {
    const missesBreach = async (q: string) => ((await findPages(q)).length && /breach/i.test(q) ? [`${MOTOR}#page=3`] : findPages(q));
    expect(await offlineFollowups(PRIVACY_TURN, missesBreach)).not.toContain("What should I know about reporting a data breach?");
    expect(await offlineFollowups(PRIVACY_TURN, () => Promise.reject(new Error("search down")))).toEqual([]);
  });

  it("asks about a sibling of the quoted section", async () => {
    const travel = [
      page("travel_policy.pdf", 1, [["Hotel Allowance", "Employees may spend up to 180 euros per night on hotels in Zurich."]]),
      page("travel_policy.pdf", 2, [["Meal Allowance", "The daily meal allowance for business trips is 45 euros."]]),
    ];
    const turn = {
      question: "How much may employees spend per night on hotels in Zurich?",
      answer: "Employees may spend up to 180 euros per night on hotels in Zurich. [travel_policy.pdf#page=1]",
      cited: ["travel_policy.pdf#page=1"],
      chunks: travel,
    };
    expect(await offlineFollowups(turn, async () => ["travel_policy.pdf#page=2"])).toEqual(["What is the meal allowance?"]);
  });

  it("suggests nothing rather than something unrelated", async () => {
    const parking = {
      question: "Where do I park?",
      answer: "Employees park in the north lot; visitors use the marked spaces by reception. [Zava_Employee_Handbook.pdf#page=9]",
      cited: ["Zava_Employee_Handbook.pdf#page=9"],
      chunks: CORPUS,
    };
    expect(await offlineFollowups(parking, findPages)).toEqual([]);
  });

  it("asks at most three, each once", async () => {
    const many = await offlineFollowups(PRIVACY_TURN, findPages, 2);
    expect(many).toHaveLength(2);
    const candidates = followupCandidates(PRIVACY_TURN).map((c) => c.question);
    expect(new Set(candidates).size).toBe(candidates.length);
  });
});
