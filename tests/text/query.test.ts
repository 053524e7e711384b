import { describe, expect, it } from "vitest";
import {
  askedAgain,
  comparedAlternatives,
  keepsContext,
  offlineSearchQuery,
  plainQuestion,
  refersBack,
  withoutTopicMarker,
} from "@/lib/text/query";
import { answerStem } from "@/lib/text/stem";

const turns = (...questions: string[]) =>
  questions
    .flatMap((content) => [
      { role: "user" as const, content },
      { role: "assistant" as const, content: "…" },
    ])
    .slice(0, -1);

describe("offline search query of a follow-up", () => {
  it("borrows the previous question's subject", () => {
    expect(offlineSearchQuery(turns("What is the hotel limit for Zurich?", "how much is it?"))).toBe("how much is it? hotel limit zurich");
  });

  it("puts what 'and for …' names in the place of the previous question's last word", () => {
    expect(offlineSearchQuery(turns("Does Northwind Standard cover vision?", "and for dental?"))).toBe(
      "and for dental? northwind standard cover",
    );
    expect(offlineSearchQuery(turns("What is the deductible for Northwind Health Plus?", "What about Standard?"))).toBe(
      "What about Standard? deductible northwind health",
    );
    expect(askedAgain(turns("Does Northwind Standard cover vision?", "and for dental?"))).toBe("Does Northwind Standard cover vision?");
    expect(askedAgain(turns("Does Northwind Standard cover vision?", "Who do I call?"))).toBeNull();
  });

  it('borrows no contracted stop words ("what\'s", "it\'s")', () => {
    expect(offlineSearchQuery(turns("What's the deductible on Health Plus if it's just me?", "And if I add my whole family?"))).toBe(
      "And if I add my whole family? deductible health plus",
    );
  });

  it("leaves a question that stands alone as it is", () => {
    expect(offlineSearchQuery(turns("Does Northwind Standard cover vision?", "Which dental services does Northwind Standard cover?"))).toBe(
      "Which dental services does Northwind Standard cover?",
    );
    // Said to change topic: nothing is borrowed, "else" and "that" notwithstanding.
    expect(offlineSearchQuery(turns("Does Standard pay for allergy tests?", "Something else: what values does Zava stand for?"))).toBe(
      "what values does Zava stand for?",
    );
    expect(offlineSearchQuery(turns("Does PerksPlus cover yoga?", "Unrelated: what do I do with that old customer data?"))).toBe(
      "what do I do with that old customer data?",
    );
  });

  it("reads a plan spoken of as known as the one named before", () => {
    const before = "Does Health Plus pay for breast reconstruction?";
    expect(offlineSearchQuery(turns(before, "My sister is a nurse and could do my aftercare at home. Could the plan pay her?"))).toBe(
      "My sister is a nurse and could do my aftercare at home. Could the plan pay her? Health Plus",
    );
    // Naming a plan of its own, or none spoken of, it stands alone.
    expect(offlineSearchQuery(turns(before, "My sister could do my aftercare at home. Would Standard pay her?"))).toBe(
      "My sister could do my aftercare at home. Would Standard pay her?",
    );
    expect(offlineSearchQuery(turns(before, "How many vacation days do new employees get each year?"))).toBe(
      "How many vacation days do new employees get each year?",
    );
  });
});

describe("whether a follow-up keeps the previous question's subject", () => {
  const hotel = "Hotel stays are reimbursed up to 200 dollars per night.";
  const dentalStandard = "Northwind Standard covers dental exams and cleanings.";
  const dentalPlus = "Northwind Health Plus covers dental implants.";
  const helpDesk = "Call the help desk at extension 4357 for IT help.";

  it("keeps it when the search with it still finds what the question asks about", () => {
    expect(keepsContext("and for dental?", [dentalPlus, dentalStandard], [dentalStandard, dentalPlus], answerStem)).toBe(true);
  });

  it("drops it when the search with it finds the old topic instead (a topic change)", () => {
    expect(keepsContext("Who do I call for IT help?", [helpDesk, hotel], [hotel], answerStem)).toBe(false);
    // Nothing matches the question either way: it is searched (and answered) as asked.
    expect(keepsContext("When do I get my laptop?", [hotel], [hotel], answerStem)).toBe(false);
  });

  it("weighs one passage holding the question's words, not words scattered over unrelated ones", () => {
    const drinks = "Sugary drinks can add a lot of calories.";
    const deductible = "The in-network deductible is $1,500 for an individual and $3,000 for a family.";
    const wholeGrain = "Choose whole grain bread.";
    const maternity = "Maternity care supports your growing family.";
    expect(keepsContext("And if I add my whole family?", [drinks, wholeGrain, maternity], [deductible], answerStem)).toBe(true);
  });

  it("drops it when the old topic ranks above what the question asks about", () => {
    const vacation = "Vacation requests must be approved by a manager.";
    const deductible = "The annual deductible for in-network care is 1,500 dollars.";
    expect(keepsContext("Who approves vacation?", [vacation, deductible], [deductible, vacation], answerStem)).toBe(false);
  });

  it("keeps it for a question that only points back", () => {
    expect(keepsContext("how much is it?", [hotel], [hotel], answerStem)).toBe(true);
    // One word of its own, found anywhere ("Ask about their experience"), is no evidence against it.
    const tips = "Ask about their experience. Ask about their methods.";
    const review = "You must submit your request for an external review within four months of the decision.";
    expect(keepsContext("How long do I have to ask for that?", [tips], [review], answerStem)).toBe(true);
  });

  it("takes 'IT' for a name, not for a word pointing back", () => {
    expect(refersBack("Who do I call for IT help?")).toBe(false);
    expect(refersBack("How much does it cost?")).toBe(true);
    expect(refersBack("It is due when?")).toBe(true);
    expect(refersBack("Is there a phone number too?")).toBe(true);
  });

  it("takes a 'that' after a noun for the start of a clause, not for a word pointing back", () => {
    expect(refersBack("What are the rules for passwords on systems that hold customer data?")).toBe(false);
    // Before a particle, "that" is the thing: "claim that back", "pay that off".
    expect(refersBack("Can I claim that back from the wellness perk?")).toBe(true);
    // A message whose first sentence names what its "that" points to leans on no earlier turn.
    const ownScene = "I've got some questions about how our retirement plan is set up. Which role at Zava manages that?";
    expect(offlineSearchQuery(turns("What's the name of Zava's current CEO?", ownScene))).toBe(ownScene);
    expect(
      offlineSearchQuery(
        turns("Can I get my gym membership reimbursed?", "What are the rules for passwords on systems that hold customer data?"),
      ),
    ).toBe("What are the rules for passwords on systems that hold customer data?");
    expect(refersBack("Is that covered?")).toBe(true);
    expect(refersBack("Does Standard cover that?")).toBe(true);
    expect(refersBack("Is there an age requirement for that?")).toBe(true);
  });
});

describe("words that say the topic changes", () => {
  it("are not searched, and the question borrows nothing", () => {
    expect(withoutTopicMarker("Switching topics: who do I call for IT help?")).toBe("who do I call for IT help?");
    expect(withoutTopicMarker("Different subject – is yoga covered?")).toBe("is yoga covered?");
    expect(withoutTopicMarker("Is a different question allowed?")).toBe("Is a different question allowed?");
    expect(offlineSearchQuery(turns("Does PerksPlus cover yoga?", "Changing topics: is it covered?"))).toBe("is it covered?");
  });
});

describe("a question weighing two named things", () => {
  it("is searched once per side, each naming only its side", () => {
    expect(comparedAlternatives("Which plan has the lower deductible, Health Plus or Standard?")).toEqual([
      "Which plan has the lower deductible, Health Plus?",
      "Which plan has the lower deductible, Standard?",
    ]);
    expect(comparedAlternatives("Is the deductible lower on Standard than on Health Plus?")).toEqual([
      "Is the deductible lower on Standard?",
      "Is the deductible lower on Health Plus?",
    ]);
    expect(comparedAlternatives("Does Standard or Health Plus cover acupuncture?")).toEqual([
      "Does Standard cover acupuncture?",
      "Does Health Plus cover acupuncture?",
    ]);
    expect(comparedAlternatives("Is acupuncture covered?")).toBeNull();
    expect(comparedAlternatives("Can I use PerksPlus or my HSA for yoga?")).toBeNull();
  });

  it("reads two things joined by 'and' as weighed when the question weighs them", () => {
    expect(comparedAlternatives("Between Zava's CEO and CFO job descriptions, does either one name economics?")).toEqual([
      "Between Zava's CEO job descriptions, does either one name economics?",
      "Between Zava's CFO job descriptions, does either one name economics?",
    ]);
    // A name may hold "of" ("VP of Product Management").
    expect(
      comparedAlternatives("Of the VP of Product Management and Director of Product Management, which one lists engineering?"),
    ).toEqual([
      "Of the VP of Product Management, which one lists engineering?",
      "Of the Director of Product Management, which one lists engineering?",
    ]);
    expect(comparedAlternatives("What do Health Plus and Standard say about acupuncture?")).toBeNull();
    expect(comparedAlternatives("What are the deductibles and copays for each plan?")).toBeNull();
  });
});

describe("answerStem", () => {
  it("gives a short stem back the silent e its ending took, but not a plural's", () => {
    for (const [a, b] of [
      ["filed", "file"],
      ["filing", "file"],
      ["rates", "rate"],
      ["used", "use"],
    ])
      expect(answerStem(a)).toBe(answerStem(b));
    expect(answerStem("taxes")).toBe(answerStem("tax"));
    expect(answerStem("cars")).not.toBe(answerStem("care"));
  });
});

describe("a question put plainly", () => {
  it("reads a provider not in the network as out-of-network, and drops a topic marker", () => {
    expect(plainQuestion("Unrelated: my doctor isn't part of the Health Plus network. What is the copay?")).toBe(
      "my doctor isn't part of the Health Plus out-of-network. What is the copay?",
    );
    expect(plainQuestion("What if the hospital is not in-network?")).toContain("out-of-network");
    expect(plainQuestion("Is the clinic in the network?")).toBe("Is the clinic in the network?");
    expect(plainQuestion("What's the copay if the specialist I want to see isn't one of theirs?")).toBe(
      "What's the copay if the specialist I want to see is out-of-network?",
    );
  });
});
