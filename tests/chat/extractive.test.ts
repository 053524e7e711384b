import { describe, expect, it } from "vitest";
import { rankPart } from "@/lib/chat/sentence-ranking";
import { extractiveAnswer, offlineAnswer } from "@/lib/chat/extractive";
import { readAsked } from "@/lib/chat/question-reading";
import { questionIntent } from "@/lib/text/question-intent";
import { textUnits } from "@/lib/text/sentences";
import { questionParts } from "@/lib/text/query";
import { sectionQuestion } from "@/lib/chat/topics";
import { mergeSpelling } from "@/lib/knowledge/search";
import type { Chunk } from "@/lib/knowledge/schemas";
import { textChunk } from "../helpers/chunks";

const page = (n: number, content: string): Chunk =>
  textChunk({ file: "travel_policy.pdf", page: n, content, heading: content.split("\n")[0], id: `t:${n}` });

// In the order the search returns them for the question below.
const PAGES = [
  page(
    1,
    "Travel Policy\n\nThis policy explains how employees book and pay for business travel. Managers approve every trip before it is booked.",
  ),
  page(
    2,
    "Hotel Allowance\n\nEmployees may spend up to 180 euros per night on hotels in Zurich. In other cities the hotel limit per night is 120 euros.",
  ),
  page(3, "Meal Allowance\n\nThe daily meal allowance for business trips is 45 euros. Alcohol is never reimbursed."),
];

describe("extractive answers", () => {
  it("keeps each sentence's section heading", () => {
    expect(textUnits("Hotel Allowance\n\nEmployees may spend up to 180 euros per night.")).toEqual([
      { text: "Employees may spend up to 180 euros per night.", heading: "Hotel Allowance", complete: true },
    ]);
  });

  it("takes a short line for a heading, not one that ends a sentence cut at the page before", () => {
    const units = textUnits(
      "and industry standards\n\n• Minimum of five years’ experience in an operations role",
      "Director of Operations › Responsibilities",
    );
    expect(units.map((u) => u.heading)).toEqual(["Director of Operations › Responsibilities"]);
    expect(textUnits("Exceptions\n\nSome drugs are not covered.")[0].heading).toBe("Exceptions");
  });

  it("reads a label above a paragraph as what the paragraph is about", () => {
    const copays = page(
      11,
      "Copayments\n\nIn-Network Copays:\n\nThe copayment for specialist visits is around $50.\n\nOut-of-Network Copays:\n\nThe copayment for specialist visits is around $75.\n\nQualifications:\n• A list's lead-in is no label",
    );
    expect(textUnits(copays.content).map((u) => u.label ?? null)).toEqual(["In-Network Copays", "Out-of-Network Copays", null]);
    const { answer } = extractiveAnswer([{ question: "What is the out-of-network copay for a specialist?", chunks: [copays] }]);
    expect(answer).toMatch(/^The copayment for specialist visits is around \$75/);
  });

  it("takes a Title Case paragraph for a heading, and a list with its lead-in as one unit", () => {
    const text =
      "Emergency Care Benefits At A Glance\n\nCovered items:\n• Emergency Room Visits Covered At 80 Percent After Deductible\n• Ambulance rides are covered in full.";
    expect(textUnits(text)).toEqual([
      {
        text: "Covered items: Emergency Room Visits Covered At 80 Percent After Deductible; Ambulance rides are covered in full.",
        heading: "Emergency Care Benefits At A Glance",
        complete: true,
        list: {
          lead: "Covered items:",
          items: ["Emergency Room Visits Covered At 80 Percent After Deductible", "Ambulance rides are covered in full"],
        },
      },
    ]);
  });

  it("keeps the sentence a list's lead-in points back to ('These include:')", () => {
    const text =
      "Prior Authorization\n\nSome services are exempt from prior authorization. These include:\n• Immunizations\n• Services and supplies related to diabetes";
    const list = textUnits(text).find((u) => u.list);
    expect(list?.antecedent).toBe("Some services are exempt from prior authorization.");
    // Its items are what the sentence says is exempt: a question whether they need approval is answered no.
    const chunk = textChunk({ file: "plan.pdf", page: 65, content: text, heading: "Prior Authorization", id: "plan:65" });
    const { answer } = extractiveAnswer([{ question: "Do diabetes supplies need prior authorization?", chunks: [chunk] }]);
    expect(answer).toMatch(
      /^No\. Some services are exempt from prior authorization\. These include: … Services and supplies related to diabetes/,
    );
  });

  it("answers from the section the question names, citing every sentence", () => {
    const [p1, p2, p3] = PAGES;
    const { answer, citations } = extractiveAnswer([
      { question: "What does travel policy say about hotel allowance?", chunks: [p2, p1, p3] },
    ]);
    expect(answer).toMatch(/^Employees may spend up to 180 euros per night on hotels in Zurich. \[travel_policy\.pdf#page=2\]/);
    expect(citations[0]).toBe("travel_policy.pdf#page=2");
    expect(citations.length).toBeLessThanOrEqual(3);
    for (const [, id] of answer.matchAll(/\[([^\]]+)\]/g)) expect(citations).toContain(id);
  });

  it("answers a how-do-I question with the sentence saying what to do", () => {
    const violence = page(
      6,
      "Workplace Violence\n\nWe have developed a comprehensive Workplace Violence Prevention Program. Workplace violence is any act of physical aggression toward another individual in the workplace. If an employee is the victim or witness of workplace violence, they should immediately notify their supervisor or Human Resources Representative.",
    );
    const { answer } = extractiveAnswer([{ question: "How do I report workplace violence?", chunks: [violence] }]);
    expect(answer).toMatch(
      /^If an employee is the victim or witness of workplace violence, they should immediately notify their supervisor/,
    );
  });

  it("takes 'who do I write to' for a contact question, and 'which one' for no term of the question", () => {
    const privacy = page(
      7,
      "Privacy\n\nThe company is committed to protecting the security of your data. You have the right to access, review, and request a copy of your personal information that we have collected and stored. To access or make changes to your personal information, please contact the Privacy Officer at privacy@zava.com.",
    );
    const { answer } = extractiveAnswer([{ question: "Who do I write to about my personal information?", chunks: [privacy] }]);
    expect(answer).toMatch(
      /^To access or make changes to your personal information, please contact the Privacy Officer at privacy@zava\.com\./,
    );

    const plans = page(
      3,
      "Comparison of Plans\n\nAcme Plus offers more comprehensive coverage than Acme Basic. One of the plans may suit you.",
    );
    expect(extractiveAnswer([{ question: "Between Acme Basic and Acme Plus, which one covers more?", chunks: [plans] }]).answer).toMatch(
      /^Acme Plus offers more comprehensive coverage than Acme Basic\./,
    );
  });

  it("takes a time of day for the fact a when-question asks, not a duration", () => {
    const guide = page(
      1,
      "Office Guide\n\nVisitors park in the west garage on weekdays; the first two hours are free. The office opens at 8 am and closes at 6 pm on weekdays.",
    );
    expect(extractiveAnswer([{ question: "When does the office open on weekdays?", chunks: [guide] }]).answer).toMatch(
      /^The office opens at 8 am/,
    );
  });

  it("answers each part of a compound question in its own paragraph, sharing out the citations", () => {
    const [p1, p2, p3] = PAGES;
    const { answer, citations } = extractiveAnswer([
      { question: "How much may employees spend on hotels?", chunks: [p2, p1] },
      { question: "What is the daily meal allowance?", chunks: [p3, p2] },
    ]);
    const [hotel, meal] = answer.split("\n\n");
    expect(hotel).toContain("180 euros per night");
    expect(hotel).toContain("[travel_policy.pdf#page=2]");
    expect(meal).toMatch(/^The daily meal allowance for business trips is 45 euros\. \[travel_policy\.pdf#page=3\]/);
    expect(citations.slice(0, 2)).toEqual(["travel_policy.pdf#page=2", "travel_policy.pdf#page=3"]);
  });

  it("answers a part from a page another part was cited for", () => {
    const both = page(6, "Costs\n\nThe deductible is 500 dollars a year. The out-of-pocket maximum is 4,000 dollars a year.");
    const { answer, citations } = extractiveAnswer([
      { question: "What is the deductible?", chunks: [both] },
      { question: "What is the out-of-pocket maximum?", chunks: [both] },
    ]);
    expect(answer.split("\n\n")).toEqual([
      "The deductible is 500 dollars a year. [travel_policy.pdf#page=6]",
      "The out-of-pocket maximum is 4,000 dollars a year. [travel_policy.pdf#page=6]",
    ]);
    expect(citations).toEqual(["travel_policy.pdf#page=6"]);
  });

  it("quotes a sentence two sources share once, citing both", () => {
    const [, hotel] = PAGES;
    const copy: Chunk = { ...hotel, chunk_id: "copy:2", file_name: "travel_copy.pdf", display_citation: "travel_copy.pdf, p.2" };
    const { answer, citations } = extractiveAnswer([{ question: "What is the hotel limit per night?", chunks: [hotel, copy] }]);
    expect(citations).toEqual(["travel_policy.pdf#page=2", "travel_copy.pdf#page=2"]);
    expect(answer.match(/In other cities the hotel limit per night is 120 euros\./g)).toHaveLength(1);
    expect(answer).toBe(
      "In other cities the hotel limit per night is 120 euros. [travel_policy.pdf#page=2][travel_copy.pdf#page=2] " +
        "Employees may spend up to 180 euros per night on hotels in Zurich. [travel_policy.pdf#page=2][travel_copy.pdf#page=2]",
    );
  });

  it("never quotes a title line, nor a sentence that matches only through its heading", () => {
    const cover = page(
      4,
      "PerksPlus Health and Wellness Reimbursement Program for Zava Employees\n\nThis document was generated for demonstration purposes only.",
    );
    const body = page(5, "Overview\n\nPerksPlus reimburses up to 1000 dollars a year for fitness classes and gym memberships.");
    const { answer, citations } = extractiveAnswer([{ question: "What does PerksPlus reimburse?", chunks: [cover, body] }]);
    expect(answer).toBe(
      "PerksPlus reimburses up to 1000 dollars a year for fitness classes and gym memberships. [travel_policy.pdf#page=5]",
    );
    expect(citations).toEqual(["travel_policy.pdf#page=5"]);
  });

  it("suggests no follow-up about the document's own cover title", () => {
    expect(sectionQuestion("PerksPlus.pdf", "PerksPlus Health and Wellness Reimbursement Program")).toBeNull();
    expect(sectionQuestion("PerksPlus.pdf", "Eligible Activities")).toBe("Which activities are eligible for PerksPlus?");
  });

  it("says up front when a good part of the question is something the documents never mention", () => {
    const found = {
      answer: "Staff may work remotely three days a week. [handbook.pdf#page=2]",
      citations: ["handbook.pdf#page=2"],
      answered: true,
    };
    expect(offlineAnswer("Can I bring my dog to work?", ["dog"], found)).toBe(
      "The selected documents never mention “dog”; these passages come closest.\n\n" + found.answer,
    );
    // Words that only say how a question is put ("Unrelated:", "btw") are nothing missing.
    expect(offlineAnswer("Unrelated: can I bring my dog to work?", ["unrelated", "dog"], found)).not.toMatch(/unrelated/);
    expect(offlineAnswer("Out of curiosity, what sorts of dog can I bring?", ["curiosity", "sorts", "dog"], found)).toMatch(
      /never mention “dog”;/,
    );
    // An answer found is not doubted for words only the scene uses.
    const supports = { answer: "No. Arch supports are not covered. [plan.pdf#page=29]", citations: ["plan.pdf#page=29"], answered: true };
    const feet = "My feet ache terribly after long shifts. Would the plan pay for arch supports?";
    expect(offlineAnswer(feet, ["ache", "terribly", "shifts"], supports)).toBe(supports.answer);
    // Nor are words of quantity or place put vaguely ("a pair of", "somewhere").
    expect(offlineAnswer("Can I bring a pair of dogs somewhere?", ["pair", "dogs", "somewhere"], found)).toMatch(/never mention “dogs”;/);
    // Nor verbs of reporting: what the handbook "says" is what it states.
    expect(offlineAnswer("What does the handbook say about dogs?", ["say", "dogs"], found)).toMatch(/never mention “dogs”;/);
    // Nor "apart from", which sets aside what the question is not about.
    expect(offlineAnswer("Apart from the office, can I bring dogs?", ["apart", "dogs"], found)).toMatch(/never mention “dogs”;/);
    // A word the answer says formally ("counsellor": "counseling") is not missing from it; a word
    // whose formal words the answer and passages lack is, though a sentence was found.
    const counseling = { answer: "Counseling sessions are covered. [plan.pdf#page=4]", citations: ["plan.pdf#page=4"], answered: true };
    expect(offlineAnswer("Is my counsellor paid for?", ["counsellor"], counseling)).toBe(counseling.answer);
    expect(offlineAnswer("Is my counsellor paid for?", ["counsellor"], found)).toMatch(
      /^The selected documents never mention “counsellor”/,
    );
    // Nor is a word the passages found say another way, answered or not ("complain": "complaint").
    const unanswered = { answer: "I could not find a direct answer.", citations: ["plan.pdf#page=9"], answered: false };
    const passages = ["You can file a complaint with the Department of Labor."];
    expect(offlineAnswer("Who can I complain to?", ["complain"], unanswered, passages)).not.toMatch(/never mention/);
    expect(offlineAnswer("Who can I complain to?", ["complain"], unanswered, ["Call us."])).toMatch(/never mention “complain”/);
    // A word read through the glossary is said by an English sense, as a phrase, or by its formal
    // words ("vélo d'appartement": an exercise bike, fitness equipment).
    const bike = {
      answer:
        "Oui. PerksPlus covers a wide range of fitness activities, including: … Fitness equipment purchases; … [PerksPlus.pdf#page=3]",
      citations: ["PerksPlus.pdf#page=3"],
      answered: true,
    };
    const velo = "Est-ce que PerksPlus me rembourse l'achat d'un vélo d'appartement ?";
    const senses = new Map([
      ["vélo", ["exercise bike"]],
      ["appartement", ["exercise bike"]],
    ]);
    expect(offlineAnswer(velo, ["vélo", "appartement"], bike, [], senses)).toBe(bike.answer);
    const vacation = new Map([["urlaubstage", ["vacation days"]]]);
    const days = {
      answer: "Sick days are paid, and vacation requests go to HR. [hr.pdf#page=2]",
      citations: ["hr.pdf#page=2"],
      answered: true,
    };
    expect(offlineAnswer("Wie viele Urlaubstage bekomme ich?", ["urlaubstage"], days, [], vacation)).toMatch(
      /erwähnen „urlaubstage“ nicht/,
    );
    // A word only the scene uses is not what the documents fail to say: the closest passages, unnamed.
    const closest = {
      answer: "I could not find a direct answer. > Report injuries to your supervisor.",
      citations: ["plan.pdf#page=9"],
      answered: false,
    };
    const cut = "I cut my hand on a machine at work this morning. Who do I need to tell?";
    expect(offlineAnswer(cut, ["morning"], closest, ["Report injuries to your supervisor."])).toBe(closest.answer);
    // None of the question's words is in the documents: the passages cannot help.
    expect(offlineAnswer("How much vacation do I get?", ["vacation"], found)).toBe("The selected documents never mention “vacation”.");
    expect(
      offlineAnswer("Can I bring my dog or cat?", ["dog", "cat"], { answer: "I could not find anything.", citations: [], answered: false }),
    ).toBe("The selected documents never mention “dog” or “cat”.");
    // One unknown word among many is no reason to doubt the passages.
    expect(
      offlineAnswer("How do in-network versus out-of-network providers affect the deductible and coinsurance?", ["versus"], found),
    ).toBe(found.answer);
    expect(offlineAnswer("What is the deductible?", [], found)).toBe(found.answer);
  });

  it("says no yes or no on a matter the documents never mention, unless a sentence settles it", () => {
    const benefits = (n: number, content: string): Chunk => ({ ...page(n, content), file_name: "benefits.pdf" });
    const ask = (question: string, unknown: string[], content: string) =>
      offlineAnswer(question, unknown, extractiveAnswer([{ question, chunks: [benefits(5, content)] }]));
    const reimbursement = "Reimbursement\n\nThe company may reimburse you for a portion of the costs you have already paid.";
    expect(ask("Does the company reimburse the costs of daycare?", [], reimbursement)).toMatch(/^Yes\. /);
    expect(ask("Does the company reimburse the costs of daycare?", ["daycare"], reimbursement)).toBe(
      "The selected documents never mention “daycare”; these passages come closest.\n\n" +
        "The company may reimburse you for a portion of the costs you have already paid. [benefits.pdf#page=5]",
    );
    // A word only a sentence setting the scene uses is not the matter asked about.
    expect(ask("A colleague told me about it. Does the company reimburse the costs?", ["told"], reimbursement)).toMatch(/^Yes\. /);
    // What is asked to be skipped is required: that settles it, whatever the unknown word.
    const encryption = "Data Security\n\nAll customer data must be encrypted when stored or transferred.";
    expect(ask("Can I keep customer data on a USB stick without encrypting it?", ["usb"], encryption)).toMatch(/^No\. All customer data/);
  });

  it("says so when nothing was found", () => {
    expect(extractiveAnswer([{ question: "What is the hotel allowance?", chunks: [] }])).toEqual({
      answer: "I could not find anything about that in the selected documents.",
      citations: [],
      answered: false,
    });
  });
});

describe("an offline answer that answers", () => {
  const doc = (file: string, n: number, content: string): Chunk => ({ ...page(n, content), chunk_id: `${file}:${n}`, file_name: file });

  it("puts the sentence holding the asked-for fact first, and leaves out what does not address the question", () => {
    const glossary = doc(
      "Health_Plus.pdf",
      108,
      "Definitions\n\nA deductible is what you pay before the plan pays. Health Plus has a deductible of $2,000 per year.",
    );
    const costs = doc(
      "Health_Plus.pdf",
      13,
      "Calendar Year Deductible\n\nThe deductible applies to some services. For in-network services the deductible is $1,500 for individuals and $3,000 for families.",
    );
    const other = doc("Health_Plus.pdf", 53, "Customer Service\n\nYou can call customer service at 1-800-555-1234 with any question.");
    const { answer } = extractiveAnswer([
      { question: "What is the in-network deductible for Health Plus?", chunks: [glossary, other, costs] },
    ]);
    expect(
      answer.startsWith(
        "For in-network services the deductible is $1,500 for individuals and $3,000 for families. [Health_Plus.pdf#page=13]",
      ),
    ).toBe(true);
    expect(answer).not.toContain("1-800");
  });

  it("answers 'how long' with the sentence that holds a duration", () => {
    const claims = doc(
      "plan.pdf",
      83,
      "Filing Claims\n\nIt is important to file a claim on time. Generally, you must file a claim within 90 days after you receive services.",
    );
    const { answer } = extractiveAnswer([{ question: "How long do I have to file a claim?", chunks: [claims] }]);
    expect(answer).toMatch(/^Generally, you must file a claim within 90 days after you receive services\. \[plan\.pdf#page=83\]/);
  });

  it("says yes or no first when a sentence states the matter", () => {
    const exclusions = doc("plan.pdf", 54, "Exclusions\n\nThe plan does not cover cosmetic surgery done for appearance alone.");
    const perks = doc(
      "PerksPlus.pdf",
      3,
      "What is Covered?\n\nSome of the lessons covered under PerksPlus include:\n• Skiing and snowboarding lessons\n• Surfing lessons",
    );
    expect(extractiveAnswer([{ question: "Does the plan cover cosmetic surgery?", chunks: [exclusions] }]).answer).toMatch(
      /^No\. The plan does not cover cosmetic surgery/,
    );
    expect(extractiveAnswer([{ question: "Are skiing lessons covered by PerksPlus?", chunks: [perks] }]).answer).toBe(
      "Yes. Some of the lessons covered under PerksPlus include: Skiing and snowboarding lessons; … [PerksPlus.pdf#page=3]",
    );
  });

  it("quotes a sentence that points back with the sentence it points to", () => {
    const costs = doc(
      "Benefit_Options.pdf",
      4,
      "Cost\n\nZava deducts the employee's portion of the healthcare cost from each paycheck. This means that the cost of the health insurance will be spread out over the course of the year, rather than being paid in one lump sum.",
    );
    expect(textUnits(costs.content)[1]).toMatchObject({ antecedent: expect.stringMatching(/^Zava deducts/) });
    const { answer } = extractiveAnswer([
      { question: "Do I have to pay my part of the health insurance in one lump sum at the start of the year?", chunks: [costs] },
    ]);
    // The paycheck, the fact that answers, is in the sentence "This means…" points back to; said once.
    expect(answer).toBe(
      "No. Zava deducts the employee's portion of the healthcare cost from each paycheck. This means that the cost of the health insurance will be spread out over the course of the year, rather than being paid in one lump sum. [Benefit_Options.pdf#page=4]",
    );
  });

  // PerksPlus's list of what it covers, a section holding "trip" and one holding "wellness".
  const perksCovered = () =>
    doc(
      "PerksPlus.pdf",
      3,
      "What is Covered?\n\nPerksPlus covers a wide range of fitness activities, including but not limited to:\n• Gym memberships\n• Outdoor adventure activities (such as rock climbing, hiking, and kayaking)\n• Group fitness classes (such as dance, martial arts, and cycling)\n\nHow to Claim\n\nKeep the receipts of each class, trip or purchase.\n\nOverview\n\nPerksPlus is a wellness program that supports the health of employees.",
    );

  it("says yes from the document a question names when its sentence holds what is asked, as one item of a list", () => {
    expect(extractiveAnswer([{ question: "Can I use PerksPlus for a hiking trip?", chunks: [perksCovered()] }]).answer).toMatch(
      /^Yes\. PerksPlus covers a wide range of fitness activities/,
    );
  });

  it("answers a question pointing back into its scene by a sentence on the scene's matter", () => {
    const question =
      "There's a cycling studio near me that runs group classes every week. Can I get those paid back through the wellness perk?";
    expect(extractiveAnswer([{ question, chunks: [perksCovered()] }]).answer).toMatch(
      /^Yes\. PerksPlus covers a wide range of fitness activities/,
    );
  });

  const perksBoth = () =>
    doc(
      "PerksPlus.pdf",
      3,
      "What is Covered?\n\nPerksPlus covers a wide range of fitness activities, including but not limited to:\n• Gym memberships\n• Sports team fees\n• Yoga and Pilates classes\n• Virtual fitness programs (such as online yoga and workout classes)\n\n" +
        "What is Not Covered?\n\nIn addition to the activities covered by PerksPlus, there is also a list of things that are not covered under the program. These include but are not limited to:\n• Non-fitness related expenses\n• Medical treatments and procedures",
    );

  it("quotes of a list the items the question asks about, the lead-in kept and the others left out", () => {
    const question = "I signed up for a weekend soccer league that charges a season fee. Can I claim that back through PerksPlus?";
    expect(extractiveAnswer([{ question, chunks: [perksBoth()] }]).answer).toBe(
      "Yes. PerksPlus covers a wide range of fitness activities, including but not limited to: … Sports team fees; … [PerksPlus.pdf#page=3]",
    );
    // A list whose items the question does not tell apart is quoted whole.
    expect(extractiveAnswer([{ question: "What fitness activities does PerksPlus cover?", chunks: [perksBoth()] }]).answer).toMatch(
      /including but not limited to: Gym memberships; Sports team fees; Yoga and Pilates classes; Virtual fitness programs/,
    );
  });

  it("settles a yes/no question on a benefit by the one list item the question's words point to", () => {
    const hike = doc("Travel.pdf", 9, "Hiking Trips\n\nTeam hiking trips are organized every spring by the office manager.");
    const league =
      "I signed up for a weekend soccer league that charges everyone a season fee. Can I claim that back from the wellness perk?";
    expect(extractiveAnswer([{ question: league, chunks: [perksBoth(), hike] }]).answer).toBe(
      "Yes. PerksPlus covers a wide range of fitness activities, including but not limited to: … Sports team fees; … [PerksPlus.pdf#page=3]",
    );
    const knee = "My knee operation is booked for next month. Could I use the wellness perk money to pay for the surgery?";
    expect(extractiveAnswer([{ question: knee, chunks: [perksBoth(), hike] }]).answer).toMatch(
      /^No\. .*These include but are not limited to: … Medical treatments and procedures\./,
    );
  });

  it("reads short items that open a page as one list, after the lead-in at the foot of the page before", () => {
    const heading = "COVERED SERVICES: Blood Products and Services";
    const blood = (page: number, content: string) => textChunk({ file: "Plus.pdf", page, heading, content: `${heading}\n\n${content}` });
    const p20 = blood(
      20,
      "Northwind Health Plus covers a variety of blood products and services. Services covered by this plan include:\n• Blood tests and transfusions\n• Blood typing",
    );
    const p21 = blood(
      21,
      "• Platelet donation and collection\n• Hemoglobin testing\n• Hemophilia treatment\n• Anemia treatment\n\nOut-of-Network Coverage:\n\nNorthwind Health Plus also covers blood products and services received from out-of-network providers.",
    );
    // Alone, the items wait for their lead-in as one list; no item is dropped for being short.
    expect(textUnits(p21.content, heading)[0]).toMatchObject({
      text: "Platelet donation and collection; Hemoglobin testing; Hemophilia treatment; Anemia treatment.",
      list: { lead: "", items: ["Platelet donation and collection", "Hemoglobin testing", "Hemophilia treatment", "Anemia treatment"] },
    });
    expect(extractiveAnswer([{ question: "Does Health Plus cover hemophilia treatment?", chunks: [p21, p20] }]).answer).toBe(
      "Yes. Services covered by this plan include: … Hemophilia treatment; … [Plus.pdf#page=21]",
    );
  });

  it("reads a long list item after its lead-in, whole though it ends without a full stop, across a page break too", () => {
    const footCare = (n: number, content: string) => doc("Health_Plus.pdf", n, `Foot Care\n\n${content}`);
    const p28 = footCare(
      28,
      "Our plan covers the following foot care services:\n• Treatment of infections, such as ingrown toenails and athlete's foot\n• Surgery, if medically necessary\n\n" +
        "Our plan does not cover:\n• Routine foot care, such as trimming toenails, callus removal, and shoe inserts",
    );
    const p29 = footCare(
      29,
      "• Foot care products, such as arch supports, shoe inserts, and foot orthotics\n• Services that are not medically necessary\n\n" +
        "Tips for Employees\n\n• If you need custom orthotics, be sure to get them from a qualified provider.",
    );
    expect(textUnits(p28.content).at(-1)).toMatchObject({
      text: "Routine foot care, such as trimming toenails, callus removal, and shoe inserts",
      antecedent: "Our plan does not cover:",
      complete: true,
    });
    expect(
      extractiveAnswer([{ question: "Will Health Plus pay for a foot doctor to cut my toenails?", chunks: [p28, p29] }]).answer,
    ).toMatch(/^No\. Our plan does not cover: Routine foot care, such as trimming toenails/);
    const question = "Would Health Plus pay for arch supports?";
    expect(extractiveAnswer([{ question, chunks: [p29, p28] }]).answer).toMatch(
      /^No\. Our plan does not cover: Foot care products, such as arch supports, shoe inserts, and foot orthotics \[Health_Plus\.pdf#page=29\]/,
    );
    // A list under the next heading is no part of it.
    const tip = rankPart({ question, chunks: [p29, p28] })!.byScore.find((c) => c.text.startsWith("If you need custom orthotics"));
    expect(tip?.antecedent).toBeNull();
  });

  it("answers what is not covered with what a negation governs", () => {
    const { answer } = extractiveAnswer([{ question: "What is not covered by PerksPlus?", chunks: [perksBoth()] }]);
    expect(answer).toMatch(/Non-fitness related expenses; Medical treatments and procedures/);
    expect(answer).not.toMatch(/Gym memberships/);
    // A negation in a condition or in a phrase ("a yes or no") asks nothing of the kind.
    const again = extractiveAnswer([{ question: "What does PerksPlus cover if I am not in the office?", chunks: [perksBoth()] }]).answer;
    expect(again).toMatch(/Gym memberships/);
  });

  it("reads the question a message asks, past the scene it sets", () => {
    expect(questionIntent("After my yearly review, will I get anything in writing?").yesNo).toBe(true);
    expect(questionIntent("We're on Standard. Would it cover chiropractor visits for our newborn?").yesNo).toBe(true);
    expect(questionIntent("Can I put my kid's snowboarding lessons on PerksPlus? Well, mine actually.").yesNo).toBe(true);
    expect(questionIntent("What happens if I am late, can I be fired?").yesNo).toBe(false);
    expect(questionIntent("Was stellt Zava eigentlich her?").yesNo).toBe(false);
    // A German question opening with its verb asks yes or no.
    expect(questionIntent("Übernimmt PerksPlus die Kosten für meinen Surfkurs?").yesNo).toBe(true);
    expect(questionIntent("Wie viele Urlaubstage bekomme ich pro Jahr?").yesNo).toBe(false);
    // German and French ask yes or no with the verb before its pronoun.
    expect(questionIntent("Bekomme ich von der Firma die Schutzausrüstung gestellt?").yesNo).toBe(true);
    expect(questionIntent("Dois-je payer la franchise ?").yesNo).toBe(true);
    // Question words ending in an accented letter ("¿Qué…?", "Où…?") ask what and where.
    expect(questionIntent("¿Qué certificación se valora para el puesto de director financiero?").yesNo).toBe(false);
    expect(questionIntent("Où dois-je envoyer ma demande ?").yesNo).toBe(false);
    expect(questionIntent("À qui dois-je signaler un accident ?").wants).toContain("contact");
    expect(questionIntent("Was my claim denied?").yesNo).toBe(true);
    // The scene names an amount; the question asks whether.
    expect(questionIntent("I can't afford my coinsurance in one go. Am I allowed to pay it off gradually?").wants).toEqual([]);
    const review = doc(
      "handbook.pdf",
      4,
      "Performance Reviews\n\nEmployees will receive a written summary of their performance review which will be discussed during the review session.",
    );
    expect(extractiveAnswer([{ question: "After my yearly review, will I get anything in writing?", chunks: [review] }]).answer).toMatch(
      /^Yes\. Employees will receive a written summary/,
    );
  });

  it("leads with the fact of the best sentence's own section when it holds none itself", () => {
    const reviews = doc(
      "employee_handbook.pdf",
      4,
      "Performance Reviews\n\nPerformance reviews are conducted annually and are part of your development. Performance reviews are a two-way dialogue between managers and employees.",
    );
    // "review" is a common word among the passages found, "manager" a rare one.
    const claims = doc(
      "plan.pdf",
      80,
      "Claims\n\nWe review each claim. A review takes time. Your review request is logged. Review your statements. Every review is fair.",
    );
    const question = "How often will my manager sit down with me to review how I'm doing?";
    const { answer } = extractiveAnswer([{ question, chunks: [reviews, claims] }]);
    expect(answer).toMatch(/^Performance reviews are conducted annually/);
  });

  it("answers a part pointing back only when the part it points to was found", () => {
    const roles = doc("role_library.pdf", 3, "Zava Role Library\n\nLast Updated: 2023-03-05\n\nThe CEO leads the company.");
    const question = "When I start at Zava, is there a probation period before I'm made permanent, and how long does it last?";
    const parts = questionParts(question).map((part) => ({ question: part, chunks: [roles] }));
    expect(parts.length).toBe(2);
    expect(extractiveAnswer(parts).answered).toBe(false);
  });

  it("hears everyday words in the documents' formal ones", () => {
    const appeals = doc(
      "plan.pdf",
      84,
      "Appeals\n\nIf your claim is denied, you may file an appeal within 60 days of the denial letter. Appeals are reviewed by a physician.",
    );
    const other = doc("plan.pdf", 83, "Claims\n\nYou must submit a claim within 90 days of the service.");
    const { answer } = extractiveAnswer([
      { question: "My claim was turned down. How long do I have to fight it?", chunks: [other, appeals] },
    ]);
    expect(answer).toBe("If your claim is denied, you may file an appeal within 60 days of the denial letter. [plan.pdf#page=84]");
  });

  it("takes a word two titles share for a document's name only when written as one", () => {
    const chunks = [
      doc("Standard_Benefits_Details.pdf", 97, "Notices\n\nKeep a copy of all notices in a safe place."),
      doc("Plus_Benefits_Details.pdf", 12, "Claims\n\nKeep a copy of every claim you send."),
      doc("handbook.pdf", 7, "Privacy\n\nYou may request a copy of the personal details we store about you."),
    ];
    const { answer } = extractiveAnswer([{ question: "Can I get a copy of the personal details you keep on me?", chunks }]);
    expect(answer).toMatch(/^Yes\. You may request a copy of the personal details/);
  });

  it("needs a question naming a document to find only the terms that document uses", () => {
    const perks = doc(
      "PerksPlus.pdf",
      3,
      "What is Covered?\n\nPerksPlus covers a wide range of fitness activities, including but not limited to: gym memberships, health retreats and spas.",
    );
    const standard = doc("Standard.pdf", 5, "Providers\n\nYou may need a provider that has evening or weekend hours.");
    expect(extractiveAnswer([{ question: "Would PerksPlus pay toward a weekend at a spa?", chunks: [perks, standard] }]).answer).toMatch(
      /^Yes\. PerksPlus covers a wide range of fitness activities/,
    );
  });

  it("answers no when an exclusion names the matter, even beside a broader sentence granting cover", () => {
    const newborns = doc(
      "Standard.pdf",
      42,
      "Newborn Care\n\nThis plan includes coverage for newborn care, so your little one is taken care of.",
    );
    const exceptions = doc(
      "Standard.pdf",
      43,
      "Exceptions\n\nAlternative therapies such as acupuncture, massage, and chiropractic care are not covered under the plan.",
    );
    expect(
      extractiveAnswer([{ question: "Would Standard cover chiropractor visits for our newborn?", chunks: [newborns, exceptions] }]).answer,
    ).toMatch(/^No\. Alternative therapies such as acupuncture, massage, and chiropractic care are not covered/);
    // Without the exclusion, the broader sentence settles it.
    const covered = doc("Standard.pdf", 42, "Newborn Care\n\nThis plan includes coverage for newborn care and chiropractor visits.");
    expect(extractiveAnswer([{ question: "Would Standard cover chiropractor visits for our newborn?", chunks: [covered] }]).answer).toMatch(
      /^Yes\. This plan includes coverage/,
    );
  });

  it("reads a negation only where it governs the asked matter", () => {
    const answerTo = (question: string, text: string) =>
      extractiveAnswer([{ question, chunks: [doc("plan.pdf", 45, `Preventive Care\n\n${text}`)] }]).answer;
    // "no" denies the copayment, not the cover.
    expect(answerTo("Are vaccinations covered?", "Vaccinations are covered at 100% with no copayment or coinsurance.")).toMatch(/^Yes\. /);
    // A condition holding a "not" says nothing against what follows it.
    expect(answerTo("Are rides to appointments covered?", "If you do not have a car, rides to appointments are covered.")).toMatch(
      /^Yes\. /,
    );
    // "does not cover all services" leaves some covered: not a no.
    expect(answerTo("Does the plan cover newborn services?", "The plan does not cover all newborn services.")).not.toMatch(/^No\. /);
    // ", not including …" leaves out only what it names.
    expect(answerTo("Is physical therapy covered?", "Physical therapy is covered, not including massage therapy.")).toMatch(/^Yes\. /);
    expect(answerTo("Is massage therapy covered?", "Physical therapy is covered, not including massage therapy.")).toMatch(/^No\. /);
    // What follows "except" is left out.
    expect(answerTo("Are golf lessons covered?", "All sports lessons are covered except golf lessons.")).toMatch(/^No\. /);
    // A denial of something else ("will not sell") does not answer whether one may ask for a copy.
    const privacy = doc(
      "handbook.pdf",
      7,
      "Privacy\n\nYou have the right to request a copy of your personal information. Zava will not sell your personal information.",
    );
    expect(extractiveAnswer([{ question: "Can I ask Zava for a copy of my personal information?", chunks: [privacy] }]).answer).toMatch(
      /^Yes\. You have the right to request a copy/,
    );
  });

  it("states each side of a comparison asking for a figure by its figure, and says which wins", () => {
    const plus = doc("Northwind_Health_Plus.pdf", 13, "Deductibles\n\nThe calendar year deductible for in-network services is $1,500.");
    const general = doc(
      "Northwind_Standard.pdf",
      4,
      "Tips\n\nWith in-network providers you will typically pay lower copays and deductibles than out of network.",
    );
    const figure = doc(
      "Northwind_Standard.pdf",
      13,
      "Deductibles\n\nThe Northwind Standard plan has a calendar year deductible of $2,000.",
    );
    const { answer } = extractiveAnswer([
      { question: "Which plan has the lower in-network deductible, Health Plus or Standard?", chunks: [general, plus, figure] },
    ]);
    expect(answer).toMatch(/^Lower in Northwind Health Plus: \$1,500 .*against \$2,000 in Northwind Standard/);
    expect(answer).not.toMatch(/typically pay lower/);
  });

  it("answers how much of something only by a sentence on that thing", () => {
    const care = doc("plan.pdf", 38, "Maternity\n\nThe plan covers follow-up care for mother and baby for up to six weeks after delivery.");
    const leave = doc("handbook.pdf", 12, "Parental Leave\n\nNew parents receive twelve weeks of paid leave.");
    const ask = (chunks: Chunk[]) =>
      extractiveAnswer([{ question: "How many weeks of paid time off do I get when my baby arrives?", chunks }]);
    expect(ask([care]).answered).toBe(false);
    expect(ask([care, leave]).answer).toMatch(/^New parents receive twelve weeks of paid leave/);
    // The words before a unit of time say what is counted: "within 90 days" counts no sick days.
    const filing = doc("plan.pdf", 83, "Timely Filing\n\nGenerally, you must file a claim within 90 days after you receive services.");
    const sick = doc("handbook.pdf", 14, "Sick Leave\n\nEmployees receive ten paid sick days per year.");
    const sickDays = (chunks: Chunk[]) => extractiveAnswer([{ question: "How many paid sick days do I get?", chunks }]);
    expect(sickDays([filing]).answered).toBe(false);
    expect(sickDays([filing, sick]).answer).toMatch(/^Employees receive ten paid sick days per year/);
    expect(extractiveAnswer([{ question: "How many business days do I have to file a claim?", chunks: [filing] }]).answered).toBe(true);
    // A person's name asked for is not stated by a sentence on the role.
    const role = doc(
      "role_library.pdf",
      3,
      "Chief Executive Officer\n\nThe Chief Executive Officer (CEO) will be responsible for providing strategic direction.",
    );
    const named = doc("handbook.pdf", 2, "Leadership\n\nJane Doe, our Chief Executive Officer, founded Zava in 2001.");
    const ceo = (chunks: Chunk[]) => extractiveAnswer([{ question: "What's the name of Zava's current CEO?", chunks }]);
    expect(ceo([role]).answered).toBe(false);
    expect(ceo([role, named]).answer).toMatch(/^Jane Doe, our Chief Executive Officer/);
    // An amount asked per paycheck is not stated by one per year.
    const deductible = doc("plan.pdf", 3, "Deductibles\n\nThe deductible for Northwind Standard is $2,000 per person, per year.");
    const premium = doc("options.pdf", 4, "Cost\n\nThe employee's portion is $45 per paycheck for Northwind Standard.");
    const perPaycheck = (chunks: Chunk[]) => extractiveAnswer([{ question: "What does Northwind Standard cost me per paycheck?", chunks }]);
    expect(perPaycheck([deductible]).answered).toBe(false);
    expect(perPaycheck([deductible, premium]).answer).toMatch(/\$45 per paycheck/);
  });

  it("answers whether something is paid for only by a sentence on paying, covering or costs", () => {
    const role = doc("role_library.pdf", 30, "Sales Representative\n\nQualifications: High school diploma, college degree preferred.");
    const fees = doc("PerksPlus.pdf", 3, "Eligible Expenses\n\nPerksPlus reimburses college course fees for fitness instructors.");
    const ask = (chunks: Chunk[]) =>
      extractiveAnswer([{ question: "Will the company chip in for a college course to get a degree?", chunks }]);
    expect(ask([role]).answered).toBe(false);
    expect(ask([fees, role]).answer).toMatch(/^Yes\. PerksPlus reimburses college course fees/);
    // Getting back at someone is no payment.
    const policy = doc("handbook.pdf", 9, "Reporting\n\nManagers who punish an employee for a report are not allowed to get back at them.");
    const question = "If I report my boss, are they allowed to get back at me for it?";
    expect(extractiveAnswer([{ question, chunks: [policy] }]).answered).toBe(true);
  });

  it("says both when one sentence states it of each plan", () => {
    const options = doc(
      "Benefit_Options.pdf",
      3,
      "Preventive Care\n\nThe plans also cover preventive care services such as mammograms, colonoscopies, and other cancer screenings.",
    );
    const question = "Are cancer screenings like mammograms covered on just one of the two health plans, or on both?";
    expect(questionIntent(question).wants).toContain("comparison");
    expect(extractiveAnswer([{ question, chunks: [options] }]).answer).toMatch(/^Both\. The plans also cover preventive care/);
  });

  it("says neither, both or only one when each named side's sentence settles whether it does", () => {
    const plus = doc(
      "Northwind_Health_Plus.pdf",
      46,
      "Prescription Drugs\n\nThese exceptions include: Drugs for cosmetic purposes; Drugs for fertility treatments.",
    );
    const standard = doc(
      "Northwind_Standard.pdf",
      44,
      "Prescription Drugs\n\nThe Northwind Standard plan does not cover drugs used for fertility treatments.",
    );
    const standardCovers = doc(
      "Northwind_Standard.pdf",
      44,
      "Prescription Drugs\n\nThe Northwind Standard plan covers drugs used for fertility treatments.",
    );
    const weak = doc("Northwind_Standard.pdf", 45, "Pharmacy\n\nAsk your pharmacist about drugs.");
    const ask = (chunks: Chunk[]) =>
      extractiveAnswer([{ question: "Would Standard or Health Plus pay for drugs for my fertility treatments?", chunks }]).answer;
    expect(ask([plus, standard])).toMatch(/^Neither\. /);
    expect(ask([plus, standardCovers])).toMatch(/^Only Northwind Standard\. /);
    // A side whose sentence does not settle it: no verdict.
    expect(ask([plus, weak])).not.toMatch(/^(Neither|Both|Only)/);
  });

  it("does not let a general sentence comparing the plans lead a comparison on one matter", () => {
    const options = doc(
      "Benefit_Options.pdf",
      3,
      "Comparison of Plans\n\nNorthwind Health Plus offers more comprehensive coverage than Northwind Standard.",
    );
    const plus = doc(
      "Northwind_Health_Plus.pdf",
      31,
      "Hearing Care\n\nIt is important to note that Northwind Health Plus does not cover the cost of custom ear molds for hearing aids.",
    );
    const standard = doc(
      "Northwind_Standard.pdf",
      30,
      "Hearing Care\n\nThe Northwind Standard plan covers up to $500 per ear for hearing aid accessories, such as ear molds.",
    );
    const question =
      "My audiologist says I need custom ear molds for my hearing aids. Which plan would chip in for those, Standard or Health Plus?";
    const { answer } = extractiveAnswer([{ question, chunks: [options, plus, standard] }]);
    expect(answer).toMatch(/^Only Northwind Standard\. /);
    expect(answer).not.toContain("more comprehensive");
  });

  it("states a side by its sentence on what is asked, not one sharing only the scene's words", () => {
    const standard = doc(
      "Northwind_Standard.pdf",
      53,
      "TMJ Care\n\nThe Northwind Standard plan includes coverage for TMJ care of the jaw joint. The Northwind Standard plan does not cover TMJ splint therapy.",
    );
    const plus = doc("Northwind_Health_Plus.pdf", 56, "TMJ Care\n\nNorthwind Health Plus will also cover the cost of splints for the jaw.");
    const question = "My doctor thinks a splint would help my jaw joint problem (TMJ). Would Standard or Health Plus pay for the splint?";
    const { answer } = extractiveAnswer([{ question, chunks: [standard, plus] }]);
    expect(answer).toMatch(/^Only Northwind Health Plus\. /);
    expect(answer).toContain("does not cover TMJ splint therapy");
  });

  it("states a side asked whether it pays by its sentence on paying, not one saying what the thing is", () => {
    const standard = doc(
      "Northwind_Standard.pdf",
      21,
      "Cellular Immunotherapy\n\nCellular immunotherapy is a form of treatment that uses the patient's own immune cells to fight cancer. Northwind Standard covers immunotherapy with the patient's own immune cells.",
    );
    const plus = doc(
      "Northwind_Health_Plus.pdf",
      21,
      "Cellular Immunotherapy\n\nCellular immunotherapy modifies a patient's own immune cells in a lab to fight cancer. Immunotherapy with your own immune cells is covered under Northwind Health Plus.",
    );
    const question =
      "My oncologist suggested a treatment that re-engineers my own immune cells to fight the cancer. Would Standard or Health Plus cover that?";
    const { answer } = extractiveAnswer([{ question, chunks: [standard, plus] }]);
    expect(answer).toContain("Northwind Standard covers immunotherapy with the patient's own immune cells.");
    expect(answer).toContain("Immunotherapy with your own immune cells is covered under Northwind Health Plus.");
    expect(answer).not.toMatch(/uses the patient's own immune cells|modifies a patient's/);
  });

  it("states each side of a comparison with its own sentence on the matter, from its own page", () => {
    const standardExceptions = doc(
      "Northwind_Standard.pdf",
      79,
      "Exceptions\n\nSome claims are special. In these situations, claims may be submitted up to 24 months after the date of service.",
    );
    const standardRule = doc(
      "Northwind_Standard.pdf",
      78,
      "Timely Filing\n\nAll claims must be submitted within twelve months of the date of service. Our office is open on weekdays.",
    );
    const plusRule = doc("Northwind_Health_Plus.pdf", 83, "Claims\n\nYou must submit a claim within 90 days after you receive services.");
    const premiums = doc("Northwind_Standard.pdf", 3, "Premiums\n\nPremiums are paid monthly, while copays are paid at each visit.");
    const { answer } = extractiveAnswer([
      {
        question: "How long do I get to submit a claim on Standard or on Health Plus?",
        chunks: [standardExceptions, premiums, plusRule, standardRule],
      },
    ]);
    // The rule, not its exception ("In these situations…"); no sentence off the matter ("Premiums… while…").
    expect(answer).toContain("All claims must be submitted within twelve months of the date of service. [Northwind_Standard.pdf#page=78]");
    expect(answer).toContain("You must submit a claim within 90 days after you receive services. [Northwind_Health_Plus.pdf#page=83]");
    expect(answer).not.toMatch(/24 months|Premiums/);
  });

  it("leaves out a sentence comparing the sides on nothing the question asks", () => {
    const options = doc(
      "Benefit_Options.pdf",
      3,
      "Plans\n\nNorthwind Health Plus is a comprehensive plan that offers more coverage than Northwind Standard.",
    );
    const plus = doc(
      "Northwind_Health_Plus.pdf",
      35,
      "Hospital Care\n\nNorthwind Health Plus covers a hospital stay after admission at 80%.",
    );
    const standard = doc(
      "Northwind_Standard.pdf",
      52,
      "Surgery\n\nYour Northwind Standard plan will cover the cost of an overnight hospital stay.",
    );
    const { answer } = extractiveAnswer([
      { question: "Which plan would pay for a hospital stay: Standard or Health Plus?", chunks: [options, plus, standard] },
    ]);
    expect(answer).not.toContain("comprehensive plan");
    expect(answer).toContain("[Northwind_Health_Plus.pdf#page=35]");
    expect(answer).toContain("[Northwind_Standard.pdf#page=52]");
  });

  it("says whose a lone side's sentence is, and that the other side says nothing on it", () => {
    const plus = doc(
      "Northwind_Health_Plus.pdf",
      61,
      "Weight Loss Surgery\n\nUnder this plan, coverage is available for weight loss surgeries such as a gastric sleeve.",
    );
    const standard = doc("Northwind_Standard.pdf", 11, "Copays\n\nOffice visits cost $20, while hospital visits cost $150.");
    const { answer } = extractiveAnswer([
      { question: "Would Health Plus or Standard pay for a gastric sleeve?", chunks: [standard, plus] },
    ]);
    expect(answer).toBe(
      "**Northwind Health Plus:** Under this plan, coverage is available for weight loss surgeries such as a gastric sleeve. [Northwind_Health_Plus.pdf#page=61]\n\n" +
        "I found nothing on this in Northwind Standard.",
    );
  });

  it("answers a German yes/no question read in English, its nouns not taken for names", () => {
    const perks = doc(
      "PerksPlus.pdf",
      3,
      "What is Covered?\n\nSome of the lessons covered under PerksPlus include:\n• Skiing lessons\n• Surfing lessons",
    );
    const { answer } = extractiveAnswer([
      {
        question: "Übernimmt PerksPlus cost Surfkurs?",
        original: { question: "Übernimmt PerksPlus die Kosten für meinen Surfkurs?", lang: "de" },
        chunks: [perks],
      },
    ]);
    expect(answer).toMatch(/^Ja\. Some of the lessons covered under PerksPlus include/);
  });

  it("holds a question read from another language through any sense of its words", async () => {
    const coaching = doc(
      "Northwind_Standard.pdf",
      69,
      "Care Management\n\nNorthwind Standard members have access to health care. Health Coaches develop a personalized plan so you achieve your health goals.",
    );
    const original = "Avec Northwind Standard, est-ce que quelqu'un peut m'aider à atteindre mes objectifs de santé ?";
    const [part] = (await readAsked([{ question: original, chunks: [coaching] }], [coaching])).parts;
    expect(part.question).toMatch(/\breach objectives health\b/);
    const [best, other] = rankPart(part)!.byScore;
    expect(best.text).toMatch(/^Health Coaches develop/);
    expect(best.match).toBeGreaterThan(2 * other.match);
    expect(extractiveAnswer([part]).answer).toMatch(/^Oui\. Health Coaches develop/);
  });

  it("answers whether one side's figure is lower or higher from the figures both sides state", () => {
    const plus = doc(
      "Northwind_Health_Plus.pdf",
      13,
      "Deductible\n\nThe calendar year deductible for in-network services is $1,500 for individuals.",
    );
    const standard = doc(
      "Northwind_Standard.pdf",
      13,
      "Deductible\n\nThe Northwind Standard plan has a calendar year deductible of $2,000 for each individual.",
    );
    const answerTo = (question: string) => extractiveAnswer([{ question, chunks: [plus, standard] }]).answer;
    const figures =
      "Lower in Northwind Health Plus: $1,500 [Northwind_Health_Plus.pdf#page=13], against $2,000 in Northwind Standard [Northwind_Standard.pdf#page=13].";
    expect(answerTo("Is the deductible lower on Standard than on Health Plus?").split("\n\n")[0]).toBe(`No. ${figures}`);
    expect(answerTo("Is the deductible lower on Health Plus than on Standard?").split("\n\n")[0]).toBe(`Yes. ${figures}`);
    expect(answerTo("Does Standard have a higher deductible than Health Plus?")).toMatch(/^Yes\. Higher in Northwind Standard: \$2,000/);
  });

  it("answers a question naming two documents from each of them, or with a sentence comparing them", () => {
    const plus = doc(
      "Northwind_Health_Plus.pdf",
      83,
      "Claims\n\nGenerally, you must file a claim within 90 days after you receive services.",
    );
    const standard = doc(
      "Northwind_Standard.pdf",
      78,
      "Timely Filing\n\nAt Northwind Health, timely filing matters. All claims must be filed within twelve months of the date of service.",
    );
    const { answer } = extractiveAnswer([
      { question: "Do I get longer to send in a claim on Standard or on Health Plus?", chunks: [plus, standard] },
    ]);
    // Which side gives longer, computed from the figures each states, then each side's own sentence.
    expect(answer).toBe(
      "Longer in Northwind Standard: twelve months [Northwind_Standard.pdf#page=78], against 90 days in Northwind Health Plus [Northwind_Health_Plus.pdf#page=83].\n\n" +
        "**Northwind Health Plus:** Generally, you must file a claim within 90 days after you receive services. [Northwind_Health_Plus.pdf#page=83]\n\n**Northwind Standard:** All claims must be filed within twelve months of the date of service. [Northwind_Standard.pdf#page=78]",
    );
    const options = doc(
      "Benefit_Options.pdf",
      3,
      "Comparison\n\nWhile Northwind Health Plus covers more, there are exceptions. Northwind Health Plus offers more comprehensive coverage than Northwind Standard.",
    );
    expect(
      extractiveAnswer([{ question: "Between Standard and Health Plus, which one covers more?", chunks: [options, plus, standard] }])
        .answer,
    ).toMatch(/^Northwind Health Plus offers more comprehensive coverage than Northwind Standard\. \[Benefit_Options\.pdf#page=3\]$/);
    // Each plan's sentence says whose it is when it does not name its plan.
    const standardAids = doc("Northwind_Standard.pdf", 30, "Hearing\n\nThe plan covers two hearing aids per ear every three years.");
    const plusAids = doc(
      "Northwind_Health_Plus.pdf",
      30,
      "Hearing\n\nThe Northwind Health Plus plan covers up to $1,500 every 3 years for hearing aids.",
    );
    expect(
      extractiveAnswer([{ question: "How often will each plan pay for new hearing aids?", chunks: [standardAids, plusAids] }]).answer,
    ).toBe(
      "**Northwind Standard:** The plan covers two hearing aids per ear every three years. [Northwind_Standard.pdf#page=30]\n\nThe Northwind Health Plus plan covers up to $1,500 every 3 years for hearing aids. [Northwind_Health_Plus.pdf#page=30]",
    );
    // Naming none, "which plan" is answered by a sentence naming two of the documents found.
    const vision = doc(
      "Benefit_Options.pdf",
      3,
      "Vision\n\nVision care matters for everyone. Northwind Health Plus covers glasses and contact lenses, while Northwind Standard only covers glasses.",
    );
    const lenses = doc("Northwind_Health_Plus.pdf", 30, "Vision\n\nThe plan covers contact lenses more often than glasses.");
    expect(extractiveAnswer([{ question: "Which plan covers contact lenses?", chunks: [lenses, vision, plus, standard] }]).answer).toMatch(
      /^Northwind Health Plus covers glasses and contact lenses, while Northwind Standard only covers glasses\. \[Benefit_Options\.pdf#page=3\]/,
    );
  });

  it("answers a question asking for a contact with the sentence naming one, however the rest is phrased", () => {
    const privacy = doc(
      "handbook.pdf",
      7,
      "Privacy\n\nWe have a privacy program that complies with the law and protects what we hold. To access or make changes to your personal information, please contact the Privacy Officer at privacy@Zava.com.",
    );
    const { answer } = extractiveAnswer([
      { question: "Who do I write to if I want a copy of the personal data the company keeps on me?", chunks: [privacy] },
    ]);
    expect(answer).toBe(
      "To access or make changes to your personal information, please contact the Privacy Officer at privacy@Zava.com. [handbook.pdf#page=7]",
    );
  });

  it("reads a yes or a no from what a sentence requires, the section it sits in, and lists 'not limited to' nothing", () => {
    const security = doc("handbook.pdf", 9, "Data Security\n\nAll customer data must be encrypted when stored or transferred.");
    const perks = doc(
      "PerksPlus.pdf",
      3,
      "What is Covered?\n\nPerksPlus covers a wide range of fitness activities, including but not limited to:\n• Gym memberships\n• Yoga and Pilates classes\n\nWhat is Not Covered?\n\nThese include:\n• Medical treatments and procedures\n• Travel expenses",
    );
    const ask = (question: string, chunks: Chunk[]) => extractiveAnswer([{ question, chunks }]).answer;
    expect(ask("Is it fine to keep customer files on a USB stick without encrypting them?", [security])).toBe(
      "No. All customer data must be encrypted when stored or transferred. [handbook.pdf#page=9]",
    );
    // A kind of a general thing ("life insurance") is not stated by a sentence on the thing.
    const insurance = doc(
      "plan.pdf",
      53,
      "Overview\n\nAt Zava, we are proud to offer Northwind Health Plus, an insurance plan for medical care.",
    );
    expect(extractiveAnswer([{ question: "Does Zava give us life insurance?", chunks: [insurance] }]).answered).toBe(false);
    expect(ask("Does Zava give us health insurance?", [insurance])).toMatch(/^Yes\./);
    // Any pharmacy, where one of the preferred ones is required: no.
    const pharmacies = doc("plan.pdf", 44, "Prescription Drugs\n\nMembers must use one of Northwind Health's preferred pharmacies.");
    expect(ask("Can I fill my prescriptions at any pharmacy?", [pharmacies])).toMatch(/^No\. Members must use one of/);
    const card = doc("plan.pdf", 45, "Prescription Drugs\n\nMembers must show their card at the pharmacy.");
    expect(ask("Can I fill my prescriptions at any pharmacy?", [card])).not.toMatch(/^No\./);
    expect(ask("Does PerksPlus cover yoga classes?", [perks])).toMatch(/^Yes\. PerksPlus covers a wide range of fitness activities/);
    expect(ask("Does PerksPlus cover medical procedures?", [perks])).toMatch(/^No\. These include: Medical treatments and procedures/);
    // A Spanish question without a question word asks yes or no.
    expect(questionIntent("¿PerksPlus me paga las clases de yoga?").yesNo).toBe(true);
    expect(questionIntent("¿Cuánto me paga PerksPlus?").yesNo).toBe(false);
    // Whether it pays, not how much; a yes/no question naming an amount still asks for one.
    expect(questionIntent("Would PerksPlus pay toward a weekend at a spa?").wants).toEqual([]);
    expect(questionIntent("Is there a limit on what PerksPlus pays?").wants).toContain("amount");
    expect(questionIntent("How far ahead do I need to book the ride?").wants).toEqual(["time"]);
  });

  it("answers whether something is there at a time with when it is there", () => {
    const service = doc(
      "plan.pdf",
      83,
      "Claims\n\nIf you have any questions about the claims process, contact customer service at 1-800-123-4567. Customer service representatives are available 24 hours a day, 7 days a week.",
    );
    expect(extractiveAnswer([{ question: "Can I reach customer service on a Sunday night?", chunks: [service] }]).answer).toMatch(
      /^Yes\. Customer service representatives are available 24 hours a day, 7 days a week\. \[plan\.pdf#page=83\]/,
    );
  });

  it("reads an address set on lines of its own as part of the sentence leading to it", () => {
    const page =
      "Prior Authorization\n\nIf you would like to make a request via mail, you can send the request to:\n\nPrior Authorization Department\nPO Box 1234\n\nAnytown, USA 00000\n\nA patient advocacy program can help you with the process.";
    expect(textUnits(page).map((u) => u.text)).toEqual([
      "If you would like to make a request via mail, you can send the request to: Prior Authorization Department, PO Box 1234, Anytown, USA 00000.",
      "A patient advocacy program can help you with the process.",
    ]);
    const mail = doc("plan.pdf", 61, page);
    expect(extractiveAnswer([{ question: "What address do I mail my pre-approval request to?", chunks: [mail] }]).answer).toMatch(
      /^If you would like to make a request via mail, you can send the request to: Prior Authorization Department, PO Box 1234/,
    );
  });

  it("quotes a labelled value line as a fact of its own", () => {
    expect(textUnits("Zava Employee Handbook\nLast Updated: 2023-03-05\nZava makes aircraft parts for many customers.")).toEqual([
      { text: "Last Updated: 2023-03-05", heading: "Zava Employee Handbook", complete: true },
      { text: "Zava makes aircraft parts for many customers.", heading: "Zava Employee Handbook", complete: true },
    ]);
  });

  it("reads a form's fields as facts about the record they head, and answers whom a role reports to", () => {
    const role =
      "Senior Manager of Operations\nJob Title: Senior Manager of Operations, Zava\nReports To: Chief Executive Officer\nLocation: Zava Headquarters, Anytown, USA\n\n" +
      "The Senior Manager of Operations will be responsible for leading the daily operations of Zava. Prepare reports and presentations related to operations.";
    expect(textUnits(role)[1]).toEqual({
      text: "Reports To: Chief Executive Officer",
      heading: "Senior Manager of Operations",
      complete: true,
      field: true,
    });
    const roles = doc("role_library.pdf", 20, role);
    expect(extractiveAnswer([{ question: "Who would the senior operations manager at Zava answer to?", chunks: [roles] }]).answer).toBe(
      "Reports To: Chief Executive Officer [role_library.pdf#page=20]",
    );
    // "Who do I report fraud to?" asks for a contact, not a superior.
    expect(questionIntent("Who do I report fraud to?").wants).not.toContain("superior");
    expect(questionIntent("Who does the COO report to?").wants).toContain("superior");
  });

  it("shows first, of a record naming no figure, its sentence on what is counted", () => {
    const coo = doc(
      "role_library.pdf",
      4,
      "Chief Operating Officer\n\nJob Title: Chief Operating Officer\nCompany: Zava\n\nJob Description:\nThe Chief Operating Officer (COO) at Zava will be responsible for overseeing the day-to-day operations of the organization.\n\nQualifications:\n• Bachelor's degree in business administration or a related field.\n• Proven experience as a COO or senior operations executive.",
    );
    const cfo = doc(
      "role_library.pdf",
      5,
      "Chief Financial Officer\n\nJob Title: Chief Financial Officer\nCompany: Zava\n\nQualifications:\n• At least 10 years of experience in financial management.",
    );
    const asked = "How many years of experience does Zava's Chief Operating Officer posting ask for?";
    const { answer, answered } = extractiveAnswer([{ question: asked, chunks: [coo, cfo] }]);
    // No number is stated: not an answer, but the requirement in words is the closest passage.
    expect(answered).toBe(false);
    expect(answer).toMatch(/^I could not find a direct answer[^>]*> [^\n]*Proven experience as a COO or senior operations executive/);
    expect(answer).not.toMatch(/10 years/);
    // A record naming its figure answers with it.
    const cfoAnswer = extractiveAnswer([
      { question: "How many years of experience does the Chief Financial Officer need?", chunks: [coo, cfo] },
    ]);
    expect(cfoAnswer.answer).toMatch(/At least 10 years of experience/);
  });

  it("answers a record's part from that record, not from the next record a passage runs into", () => {
    const cfo = doc(
      "role_library.pdf",
      6,
      "Chief Financial Officer › Qualifications\n\n• Proficiency in financial modeling and analysis.\n• Proficiency with financial software and other computer applications.\n\n" +
        "Chief Technology Officer\n\nJob Title: Chief Technology Officer\nCompany: Zava\n\nQualifications:\n• Bachelor's degree in computer science, information technology, or a related field of study.\n• Proven experience as a CTO or in a similar role at a company of comparable size.",
    );
    const cto = doc(
      "role_library.pdf",
      7,
      "Chief Technology Officer › Responsibilities\n\n• Lead the development of the company's technology strategy.",
    );
    const { answer } = extractiveAnswer([{ question: "What qualifications does the Chief Financial Officer need?", chunks: [cfo, cto] }]);
    expect(answer).toMatch(/^\*\*Chief Financial Officer › Qualifications:\*\* Proficiency in financial modeling and analysis\./);
    expect(answer).not.toMatch(/computer science/);
    // In a record, "Qualifications:" above a list starts that part of it.
    const units = textUnits(
      "• Lead the finance team.\n\nQualifications:\n• Bachelor's degree in finance, accounting, economics, or a related field of study.",
      "Chief Financial Officer › Responsibilities",
    );
    expect(units.map((u) => u.heading)).toEqual(["Chief Financial Officer › Responsibilities", "Chief Financial Officer › Qualifications"]);
  });

  it("adds to the asked-for fact only sentences holding such a fact", () => {
    const service = doc(
      "plan.pdf",
      83,
      "Customer Service\n\nCustomer service representatives are available 24 hours a day, 7 days a week. Be sure to contact customer service with questions about your plan.",
    );
    const rides = doc("plan.pdf", 60, "Out-of-Area Care\n\nCare outside Washington is not covered for more than 12 consecutive months.");
    expect(extractiveAnswer([{ question: "Can I reach customer service on a Sunday night?", chunks: [service] }]).answer).toBe(
      "Yes. Customer service representatives are available 24 hours a day, 7 days a week. [plan.pdf#page=83]",
    );
    expect(extractiveAnswer([{ question: "How long can I get care outside Washington?", chunks: [rides] }]).answer).toMatch(
      /12 consecutive months/,
    );
  });

  it("leads with a sentence answering what is asked when the best one only echoes the scene", () => {
    const approval = doc(
      "Northwind_Health_Plus.pdf",
      69,
      "Prior Authorization For Out-Of-Network Providers\n\nThis means that you must obtain approval from Northwind Health before seeing a surgeon outside the network.",
    );
    const network = doc("Northwind_Health_Plus.pdf", 4, "Networks\n\nSurgeons in the network cost less than those outside the network.");
    const requests = doc(
      "Northwind_Health_Plus.pdf",
      70,
      "Requests\n\nPrior authorization requests for care outside the network must be submitted to Northwind Health by your provider.",
    );
    const question =
      "I'd like to see a surgeon outside the Health Plus network and I know Northwind has to approve it first. Do I send that request in myself, or who does?";
    expect(extractiveAnswer([{ question, chunks: [approval, network, requests] }]).answer).toMatch(
      /^Prior authorization requests for care outside the network must be submitted to Northwind Health by your provider\./,
    );
  });

  it("does not answer a figure asked in units by a sentence holding only the units", () => {
    const service = doc(
      "plan.pdf",
      83,
      "Customer Service\n\nThe customer service team is available 24 hours a day, 7 days a week to answer questions about your plan.",
    );
    const result = extractiveAnswer([
      { question: "How many hours a week am I expected to work as a full-time employee?", chunks: [service] },
    ]);
    expect(result.answered).toBe(false);
    // The same sentence answers what it is about.
    expect(extractiveAnswer([{ question: "How many hours a day is customer service available?", chunks: [service] }]).answer).toMatch(
      /24 hours a day/,
    );
  });

  it("answers a question asking for an amount only with a sentence holding one", () => {
    const maternity = doc(
      "plan.pdf",
      38,
      "Maternity Care\n\nHaving a baby is an exciting time for new parents, and the plan covers prenatal care.",
    );
    const result = extractiveAnswer([{ question: "How much parental leave can I take when my baby arrives?", chunks: [maternity] }]);
    expect(result.answered).toBe(false);
    expect(result.answer).toMatch(/^I could not find a direct answer/);
  });

  it("answers a question naming one document from that document, not from another", () => {
    const plus = doc(
      "Northwind_Health_Plus_Benefits_Details.pdf",
      32,
      "Equipment\n\nItems that may be covered under the Northwind Health Plus plan include braces and splints.",
    );
    const standard = doc("Northwind_Standard_Benefits_Details.pdf", 3, "Overview\n\nNorthwind Standard is a basic plan for employees.");
    const { answer, answered } = extractiveAnswer([
      { question: "Will Northwind Standard pay for my son's braces?", chunks: [plus, standard] },
    ]);
    expect(answer).not.toMatch(/^(Yes|No)\b/);
    expect(answered).toBe(false);
    expect(answer).toMatch(/^I could not find a direct answer/);
  });

  it("reads a hyphenated word's parts: 'fitness-related' holds 'fitness'", () => {
    const perks = doc("PerksPlus.pdf", 3, "Overview\n\nEmployees can expense up to $1000 for fitness-related programs.");
    const { answer } = extractiveAnswer([{ question: "How much can I get back for my fitness programs?", chunks: [perks] }]);
    expect(answer).toBe("Employees can expense up to $1000 for fitness-related programs. [PerksPlus.pdf#page=3]");
  });

  it("answers a question about each plan from each plan's document", () => {
    const standard = doc("Standard.pdf", 30, "Hearing Care\n\nThe Standard plan covers two hearing aids per ear every three years.");
    const plus = doc("Plus.pdf", 30, "Hearing Care\n\nThe Plus plan covers hearing aids once every three years, up to $1,500.");
    const standardMore = doc("Standard.pdf", 31, "Hearing Care\n\nThe Standard plan covers hearing aid batteries every year.");
    const { answer } = extractiveAnswer([
      { question: "How often will each plan pay for hearing aids?", chunks: [standard, standardMore, plus] },
    ]);
    expect(answer).toContain("[Standard.pdf#page=30]");
    expect(answer).toContain("[Plus.pdf#page=30]");
  });

  it("matches a word's forms, not other words it starts ('life' is not 'lifestyles')", () => {
    const clinic = doc("plan.pdf", 61, "Virtual Care\n\nAt Zava, we understand that busy lifestyles make it hard to see a doctor.");
    const result = extractiveAnswer([{ question: "Does Zava offer life insurance?", chunks: [clinic] }]);
    expect(result.answer).not.toMatch(/^Yes/);
  });

  it("answers which team to tell with the sentence naming it", () => {
    const safety = doc(
      "handbook.pdf",
      5,
      "Workplace Safety\n\nThank you for being a part of the Zava team. If you have any concerns related to workplace safety, please contact our safety department.",
    );
    expect(extractiveAnswer([{ question: "Which team do I tell about a safety concern?", chunks: [safety] }]).answer).toBe(
      "If you have any concerns related to workplace safety, please contact our safety department. [handbook.pdf#page=5]",
    );
  });

  it("answers from the document the question names", () => {
    const perks = doc("PerksPlus.pdf", 3, "Overview\n\nWith PerksPlus, employees can expense up to $1000 for fitness programs each year.");
    const plan = doc("Health_Plus.pdf", 81, "Reimbursement\n\nThe plan can reimburse you for medical expenses you paid out-of-pocket.");
    const { answer } = extractiveAnswer([{ question: "How much does PerksPlus reimburse?", chunks: [plan, perks] }]);
    expect(answer).toBe("With PerksPlus, employees can expense up to $1000 for fitness programs each year. [PerksPlus.pdf#page=3]");
  });

  it("does not lead with a fact of the named document that shares no word with the question", () => {
    const rules = doc("Standard.pdf", 62, "Prior Authorization\n\nSome procedures need approval from Northwind before they are scheduled.");
    const stays = doc("Standard.pdf", 52, "Hospital Care\n\nYou may have to pay a copay for each day you stay in the hospital.");
    const question = "On Standard, how far ahead should I ask for approval of a booked procedure?";
    const { answer } = extractiveAnswer([{ question, chunks: [rules, stays] }]);
    expect(answer).not.toMatch(/each day you stay/);
    expect(answer).toMatch(/need approval from Northwind/);
  });

  it("leads with the named document's figure on a passage that speaks on the question", () => {
    const plan = doc("Health_Plus.pdf", 81, "Reimbursement\n\nSubrogation and reimbursement are two important concepts.");
    const perks = doc(
      "PerksPlus.pdf",
      3,
      "Overview\n\nEmployees can expense up to $1000 for fitness programs. PerksPlus covers gym memberships and sports team fees.",
    );
    const { answer } = extractiveAnswer([{ question: "How much do I get back through PerksPlus for sport?", chunks: [plan, perks] }]);
    expect(answer).toMatch(/^Employees can expense up to \$1000/);
  });

  it("says when nothing addresses the question, and shows the closest passages as passages", () => {
    const phone = doc("plan.pdf", 53, "Customer Service\n\nYou can call customer service at 1-800-555-1234 for help with your plan.");
    const result = extractiveAnswer([{ question: "Who do I call for IT help with my laptop?", chunks: [phone] }]);
    expect(result.answered).toBe(false);
    expect(result.answer).toBe(
      "I could not find a direct answer to that in the selected documents. The closest passages:\n\n> You can call customer service at 1-800-555-1234 for help with your plan. [plan.pdf#page=53]",
    );
  });

  it("quotes whole sentences: not cut after an abbreviation, not a piece cut by the passage's edge, joined where extraction broke them", () => {
    const text =
      "continued from the page before. Contact Mr. Smith at the office for approval. Some of the lessons covered under\n\nPerksPlus include skiing and surfing. The plan also covers";
    expect(textUnits(text).map((u) => [u.text, u.complete])).toEqual([
      ["continued from the page before.", false],
      ["Contact Mr. Smith at the office for approval.", true],
      ["Some of the lessons covered under PerksPlus include skiing and surfing.", true],
      ["The plan also covers", false],
    ]);
    const { answer } = extractiveAnswer([
      { question: "Who approves office expenses?", chunks: [doc("policy.pdf", 2, `Approvals\n\n${text}`)] },
    ]);
    expect(answer).toBe("Contact Mr. Smith at the office for approval. [policy.pdf#page=2]");
  });

  it("never turns citation-like text inside a document into a citation", () => {
    const forged = doc(
      "notes.txt",
      1,
      "Passwords\n\nThe vault password was changed to REDFOX [policy.txt]. Per the official handbook [handbook.pdf#page=2] it is final.",
    );
    const { answer } = extractiveAnswer([
      { question: "What was the vault password changed to?", chunks: [{ ...forged, page_number: null }] },
    ]);
    expect(answer).toContain("REDFOX (policy.txt).");
    expect([...answer.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1])).toEqual(["notes.txt"]);
  });
});

describe("compound questions", () => {
  it("splits at a second question joined by 'and'", () => {
    expect(questionParts("How does coinsurance work in-network, and what happens out of network?")).toEqual([
      "How does coinsurance work in-network",
      "what happens out of network?",
    ]);
    expect(questionParts("How does the plan address TMJ symptoms and what are the covered TMJ treatments?")).toHaveLength(2);
  });

  it("splits two questions asked one after the other; one pointing back borrows the first's words", () => {
    expect(questionParts("Can I fax my appeal? What number do I send it to?")).toEqual([
      "Can I fax my appeal?",
      "What number do I send it to? fax appeal",
    ]);
    // A statement before the question is its context, not a question of its own.
    expect(questionParts("I wear contacts. Which of the two plans pays for lenses?")).toEqual([
      "I wear contacts. Which of the two plans pays for lenses?",
    ]);
  });

  it("lets a later part that names nothing borrow the names the first part uses", () => {
    expect(questionParts("How do copays work in Northwind Health Plus, and what does the plan cover for hospice care?")).toEqual([
      "How do copays work in Northwind Health Plus",
      "what does the plan cover for hospice care? Northwind Health Plus",
    ]);
    expect(questionParts("What does PerksPlus cover, and what does Northwind Standard exclude?")[1]).toBe(
      "what does Northwind Standard exclude?",
    );
  });

  it("answers a follow-up on its own words, the borrowed subject only narrowing where", () => {
    const handbook = (n: number, content: string): Chunk => ({ ...page(n, content), file_name: "handbook.pdf" });
    const chunks = [
      handbook(
        4,
        "Reporting Fraud\n\nWhen you report fraud, include details such as dates, names and amounts. The identity of the person reporting is kept private as far as the law allows.",
      ),
    ];
    const { answer } = extractiveAnswer([
      {
        question: "Will they keep my identity private? details include report fraud seen work",
        asked: "Will they keep my identity private?",
        chunks,
      },
    ]);
    expect(answer).toMatch(/^(Yes\. )?The identity of the person reporting is kept private/);
  });

  it("leaves a single question whole, even with 'and' in it", () => {
    for (const q of [
      "What are the copays for primary care and specialist visits?",
      "Who approves travel and how?",
      "Is dental covered and what",
    ]) {
      expect(questionParts(q)).toEqual([q]);
    }
  });
});

describe("spelling across collections", () => {
  it("corrects a word only if no collection uses it, and calls a word unknown only if none does", () => {
    const hr = { query: "", corrections: { remote: "remove", stipned: "stipend" }, unknown: ["dog"] };
    const it = { query: "", corrections: { stipned: "stipends" }, unknown: ["remote", "dog", "vpn"] };
    expect(mergeSpelling([hr, it])).toEqual({ corrections: { remote: "remove", stipned: "stipend" }, unknownWords: ["dog"] });
    const eng = { query: "", corrections: {}, unknown: ["dog"] }; // uses "remote" and "stipned"
    expect(mergeSpelling([hr, eng])).toEqual({ corrections: {}, unknownWords: ["dog"] });
    expect(mergeSpelling([])).toEqual({ corrections: {}, unknownWords: [] });
  });

  it("weighs the words of a scene-setting sentence less in whether a sentence answers", () => {
    const violence = page(6, "Workplace Violence\n\nThe workplace violence policy covers verbal abuse, harassment and bullying.");
    const lunch = page(7, "Canteen\n\nLunch is served every day in front of the office; colleagues may talk loudly.");
    const question = "A colleague keeps making rude remarks about me at lunch, every day, loudly. Does the violence policy cover that?";
    const ranked = rankPart({ question, chunks: [violence, lunch] })!;
    const answering = ranked.byScore.find((c) => c.text.startsWith("The workplace violence policy"))!;
    expect(answering.askedMatch).toBeGreaterThan(2 * answering.match);
    expect(answering.askedMatch).toBeGreaterThanOrEqual(0.35);
  });

  it("weighs a leading clause that sets the scene as a scene", () => {
    const violence = page(6, "Workplace Violence\n\nThe workplace violence policy covers verbal abuse, harassment and bullying.");
    const question = "If a colleague keeps making rude remarks about me at lunch, does the violence policy cover that?";
    const answering = rankPart({ question, chunks: [violence] })!.byScore[0];
    expect(answering.askedMatch).toBeGreaterThan(1.5 * answering.match);
  });
});

describe("contacts in passages", () => {
  it("reads a contact's label and its value set apart as one fact, and a dash against a capital as a list marker", () => {
    const text =
      "-Your plan ID number\n\n-By fax:\n\n123-456-7890\n-By phone:\n\n1-800-123-4567\n-By email: appeals@example.com\n\nProcessing\n\nOnce your appeal is received, we will begin the review.";
    expect(textUnits(text).map((u) => [u.text, u.heading])).toEqual([
      ["Your plan ID number", null],
      ["By fax: 123-456-7890", null],
      ["By phone: 1-800-123-4567", null],
      ["By email: appeals@example.com", null],
      ["Once your appeal is received, we will begin the review.", "Processing"],
    ]);
  });

  it("answers a question for a phone number by a number written as one, not a fax number", () => {
    const contacts = page(
      85,
      "Appeals\n\nBy email: appeals@example.com\n\nBy fax: 123-456-7890\n\nBy phone: 1-800-123-4567\n\nWe will review your appeal.",
    );
    const answer = extractiveAnswer([
      { question: "Is there a phone number too? email appeals", asked: "Is there a phone number too?", chunks: [contacts] },
    ]).answer;
    expect(answer).toMatch(/^Yes\. By phone: 1-800-123-4567/);
  });
});

describe("words written in capitals", () => {
  it("answers only with a sentence holding the word the question writes in capitals, when one found does", () => {
    const plan = (n: number, content: string) =>
      textChunk({ file: "plan.pdf", page: n, content, heading: content.split("\n")[0], id: `plan:${n}` });
    const transplant = plan(
      33,
      "Transplants\n\nWe hope that this coverage will provide peace of mind and support during this difficult time.",
    );
    const imaging = plan(25, "Diagnostic Imaging\n\nAn MRI is covered when your doctor orders it to diagnose a condition or its symptoms.");
    const question = "I'd like a full-body MRI just for peace of mind. Would the plan pay for it?";
    const reply = extractiveAnswer([{ question, chunks: [transplant, imaging] }]).answer;
    expect(reply).not.toMatch(/^Yes\. We hope/);
    expect(reply).toMatch(/An MRI is covered/);
  });
});
