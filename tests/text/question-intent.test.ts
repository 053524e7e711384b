import { describe, expect, it } from "vitest";
import { askingClause, holdsWantedFact, questionIntent } from "@/lib/text/question-intent";

describe("question intent", () => {
  it("asks for a time when the question starts with when, whatever amounts it names", () => {
    expect(questionIntent("When does what I've paid toward my yearly cap go back to zero?").wants).toEqual(["time"]);
    expect(questionIntent("When is the premium due, and how much is it?").wants).toEqual(expect.arrayContaining(["amount", "time"]));
    expect(questionIntent("What will I pay for a specialist visit?").wants).toContain("amount");
  });

  it("takes a point in the calendar as a time", () => {
    const when = questionIntent("When does the out-of-pocket maximum reset?");
    expect(holdsWantedFact("The out-of-pocket maximum will reset at the start of the calendar year.", when)).toBe(true);
    expect(holdsWantedFact("Coverage ends on the last day of the month you leave.", when)).toBe(true);
    expect(holdsWantedFact("The out-of-pocket maximum protects you from high costs.", when)).toBe(false);
    // A duration asked for is no day of the calendar.
    const howMany = questionIntent("How many days off does Zava give you when someone in the family dies?");
    expect(holdsWantedFact("Last Updated: 2023-03-05", howMany)).toBe(false);
    expect(holdsWantedFact("Bereavement leave is three days.", howMany)).toBe(true);
    expect(holdsWantedFact("Last Updated: 2023-03-05", questionIntent("When was the role library last updated?"))).toBe(true);
  });

  it("asks how often for a frequency, not a deadline", () => {
    const often = questionIntent("How often am I supposed to get that notice?");
    expect(often).toMatchObject({ wants: ["time"], frequency: true });
    expect(holdsWantedFact("This notice must be provided at enrollment and at least annually thereafter.", often)).toBe(true);
    expect(holdsWantedFact("Members may get one eye exam every two years.", often)).toBe(true);
    expect(holdsWantedFact("You must submit an appeal within 180 days of the notice.", often)).toBe(false);
    expect(questionIntent("Wie oft bekomme ich diese Mitteilung?").frequency).toBe(true);
  });

  it("asks for a contact when it asks which body, office or official to turn to", () => {
    expect(questionIntent("Which government body can I take it to?").wants).toContain("contact");
    expect(questionIntent("Which department at Northwind should I bring that complaint to?").wants).toContain("contact");
    expect(questionIntent("Is there a government official I can take this to?").wants).toContain("contact");
    expect(questionIntent("Which office hours apply on Fridays?").wants).not.toContain("contact");
    const contact = questionIntent("Which government body can I take it to?");
    expect(holdsWantedFact("You can also contact the state insurance commissioner in your state.", contact)).toBe(true);
  });

  it("asks for a contact when it asks what number", () => {
    expect(questionIntent("What number do I send it to?").wants).toContain("contact");
    expect(questionIntent("Which fax number is it?").wants).toContain("contact");
    expect(questionIntent("What number of days is allowed?").wants).not.toContain("contact");
  });

  it("reads what is asked past a clause that sets the scene", () => {
    expect(askingClause("Once I've paid my deductible, what share of each bill is on me?")).toBe("what share of each bill is on me?");
    expect(askingClause("After my yearly review, will I get anything in writing?")).toBe("will I get anything in writing?");
    expect(askingClause("What happens if I am late, can I be fired?")).toBe("What happens if I am late, can I be fired?");
    // After a colon, a new sentence asks: "Wo…?" is no yes/no question.
    expect(askingClause("Falls ich mich als COO bewerbe: Wo wäre dann mein Arbeitsort?")).toBe("Wo wäre dann mein Arbeitsort?");
    expect(questionIntent("Falls ich mich als COO bei Zava bewerbe: Wo wäre dann mein Arbeitsort?").yesNo).toBe(false);
    expect(askingClause("Quick question: Does Standard cover braces?")).toBe("Does Standard cover braces?");
    // The alternatives after a colon do not ask: the sentence before it does.
    expect(questionIntent("Which job asks for more years of experience: Manager of Sales or Director of Sales?").wants).toEqual(["time"]);
  });

  it("reads a French yes/no question after a colon, and 'pris en charge' as covered, not charged", () => {
    const question = "J'ai un ongle incarné. Je suis sur Health Plus : est-ce que le traitement chez un podologue est pris en charge ?";
    expect(questionIntent(question)).toMatchObject({ yesNo: true, wants: [] });
    expect(questionIntent("What are the charges for an ambulance?").wants).toEqual(["amount"]);
  });

  it("reads the clause after a semicolon as the one asking", () => {
    expect(questionIntent("I go through hearing aid batteries fast. I'm on Health Plus; will the plan pay for new ones?")).toMatchObject({
      yesNo: true,
      wants: [],
    });
  });

  it("reads how much experience of a kind as a length of time, not an amount", () => {
    expect(questionIntent("How much customer service experience does the posting want?").wants).toEqual(["time"]);
    expect(questionIntent("How much relevant experience do I need?").wants).toEqual(["time"]);
    expect(questionIntent("How much does the course cost?").wants).toEqual(["amount"]);
  });

  it("asks for a contact when it asks who somewhere can help, or whether anyone can", () => {
    expect(questionIntent("Who at Zava can I ask about it?")).toMatchObject({ wants: ["contact"], pointed: true });
    expect(questionIntent("Is there anyone inside the company who can help me with an appeal?").wants).toContain("contact");
    expect(questionIntent("Is there a limit on visits?").wants).not.toContain("contact");
    expect(questionIntent("A coworker threatened me. Who am I supposed to tell?").wants).toContain("contact");
    expect(questionIntent("For workers' comp to kick in, who do I need to tell about it first?").wants).toContain("contact");
    const contact = questionIntent("Is there anyone who can help?");
    expect(holdsWantedFact("Contact Contoso's Human Resources for help.", contact)).toBe(true);
  });

  it("does not take how often for how long", () => {
    const howLong = questionIntent("How many years would I need to have spent leading people?");
    expect(holdsWantedFact("The manager will lead the daily operations of Zava.", howLong)).toBe(false);
    expect(holdsWantedFact("At least 10 years of experience in a leadership role.", howLong)).toBe(true);
    const howOften = questionIntent("How often are performance reviews held?");
    expect(holdsWantedFact("Performance reviews are held annually.", howOften)).toBe(true);
  });

  it("asks whether when words are joined inside a phrase, which when alternatives are offered", () => {
    expect(
      questionIntent("I'm placed through an agency. Does the policy for reporting illegal or shady behaviour apply to me?").yesNo,
    ).toBe(true);
    expect(questionIntent("Would Standard or Health Plus pay for it?").yesNo).toBe(false);
    expect(questionIntent("Does it matter which plan I'm on, or would either one pay?").yesNo).toBe(false);
    expect(questionIntent("Can I file the claim by mail or online?").yesNo).toBe(false);
  });

  it("reads a count of years with a plus as a duration", () => {
    const howLong = questionIntent("How many years of leading a sales team would I need?");
    expect(holdsWantedFact("5+ years of experience in a sales leadership role", howLong)).toBe(true);
  });

  it("asks a length of time by its noun: notice, the longest stay, an age", () => {
    const notice = questionIntent("I'd need Health Plus to set up a ride. How much notice do I have to give?");
    expect(notice.wants).toEqual(["time"]);
    expect(holdsWantedFact("Contact your provider at least 72 hours in advance.", notice)).toBe(true);
    const stay = questionIntent("What's the longest stay Standard will pay for?");
    expect(stay.wants).toEqual(["time"]);
    expect(holdsWantedFact("Coverage for skilled nursing facility care is limited to a maximum of 100 days.", stay)).toBe(true);
    const age = questionIntent("Until what age is the baby's newborn care covered?");
    expect(age.wants).toEqual(["time"]);
    expect(holdsWantedFact("Dependents are covered under the age of 26.", age)).toBe(true);
    expect(holdsWantedFact("The plan offers coverage for newborn care.", age)).toBe(false);
    expect(questionIntent("How much will I pay for the stay?").wants).toEqual(["amount"]);
    for (const q of [
      "Jusqu'à quel âge mon enfant est-il couvert ?",
      "¿Hasta qué edad está cubierto mi hijo?",
      "Bis zu welchem Alter ist mein Kind versichert?",
    ])
      expect(questionIntent(q).wants).toEqual(["time"]);
  });

  it("asks a duration by a count of time units in any language, and no amount by a minimum schooling", () => {
    for (const q of [
      "Combien d'années d'expérience faut-il avoir ?",
      "¿Cuántos años de experiencia necesito?",
      "Wie viele Jahre Erfahrung brauche ich?",
      "how many year experience need have?",
    ])
      expect(questionIntent(q)).toMatchObject({ wants: ["time"], duration: true });
    expect(questionIntent("Combien coûte une consultation ?").wants).toEqual(["amount"]);
    expect(questionIntent("What minimum education does the position need?").wants).toEqual([]);
    expect(questionIntent("What is the minimum I pay each month?").wants).toEqual(["amount"]);
  });

  it("asks a percentage as a share, not a sum, and reaching a deductible is no contact", () => {
    const share = questionIntent("What percentage of the bill do I pay once I reach my deductible?");
    expect(share).toMatchObject({ wants: ["amount"], percentage: true });
    expect(holdsWantedFact("Coinsurance is set at 20% for in-network services.", share)).toBe(true);
    expect(holdsWantedFact("The deductible is $2,000 per person.", share)).toBe(false);
    expect(questionIntent("Quel pourcentage des frais dois-je payer ?").percentage).toBe(true);
    expect(questionIntent("How can I reach customer service?").wants).toContain("contact");
  });

  it("asks a distance by how far, and a distance holds one in miles or kilometres", () => {
    const far = questionIntent("How far from my regular doctor do I have to be for out-of-area care to count?");
    expect(far).toMatchObject({ wants: ["distance"], pointed: true });
    expect(holdsWantedFact("You must be more than 100 miles away from your primary care provider.", far)).toBe(true);
    expect(holdsWantedFact("Out-of-area care is covered for 12 months.", far)).toBe(false);
    expect(questionIntent("How far in advance must I book it?").wants).toEqual(["time"]);
  });

  it('asks when only by a "when" that opens a clause, not one inside it', () => {
    expect(questionIntent("When is the premium due?").wants).toContain("time");
    expect(questionIntent("Can you tell me when the premium is due?").wants).toContain("time");
    expect(questionIntent("I travel a lot, when should I book?").wants).toContain("time");
    const inside = questionIntent("What are my financial responsibilities when using out-of-network providers?");
    expect(inside.wants).not.toContain("time");
    expect(inside.pointed).toBe(false);
  });

  it('takes "Can you explain…?" for a request to explain, not a yes/no question', () => {
    expect(questionIntent("Can you explain the eligibility criteria for the Standard plan?").yesNo).toBe(false);
    expect(questionIntent("Could you tell me what the deductible is?").yesNo).toBe(false);
    expect(questionIntent("Can you get reimbursed for gym fees?").yesNo).toBe(true);
  });

  it("takes a team or office for a contact, not a team-building event or a doctor's office", () => {
    const whom = questionIntent("Who do I go to for a replacement badge?");
    expect(holdsWantedFact("Contact the security team for a new badge.", whom)).toBe(true);
    expect(holdsWantedFact("Organize employee activities and team-building events", whom)).toBe(false);
    expect(holdsWantedFact("Taking time off to go to the doctor's office isn't always possible.", whom)).toBe(false);
  });

  it("asks whether something is taught, not how to do it", () => {
    expect(questionIntent("Does Zava teach employees how to notice that a situation might turn violent?")).toMatchObject({
      wants: [],
      yesNo: true,
    });
    expect(questionIntent("How do I report a violent situation?").wants).toContain("procedure");
  });

  it("takes a share of a cost in words for how much of it is paid", () => {
    const howMuchOf = questionIntent("If I go ahead without pre-authorization, how much of the surgery could end up on me?");
    expect(howMuchOf.share).toBe(true);
    expect(holdsWantedFact("If you don't get pre-authorization, you may be responsible for all the costs of the surgery.", howMuchOf)).toBe(
      true,
    );
    expect(holdsWantedFact("Your tests will be covered in full.", howMuchOf)).toBe(true);
    expect(holdsWantedFact("Surgery requires pre-authorization from your provider.", howMuchOf)).toBe(false);
    const cap = questionIntent("Is there a cap on how much of that the plan will pay for?");
    expect(holdsWantedFact("Habilitation services are covered up to a certain dollar amount and number of visits.", cap)).toBe(true);
    // "How much is the copay?" asks a figure: a share in words is no answer.
    const figure = questionIntent("How much is the copay for a specialist visit?");
    expect(figure.share).toBeUndefined();
    expect(holdsWantedFact("You may be responsible for the full cost of the visit.", figure)).toBe(false);
    expect(questionIntent("What is the most expensive plan's premium?").share).toBeUndefined();
    // Words that only look like a share: who is eligible, what one answers for.
    expect(holdsWantedFact("Enrollment is limited to full-time employees.", howMuchOf)).toBe(false);
    expect(holdsWantedFact("Northwind is not responsible for the actions of providers.", howMuchOf)).toBe(false);
  });

  it("reads every number word as a number: sixteen weeks is a length of time", () => {
    const howLong = questionIntent("How many weeks of parental leave do I get?");
    expect(holdsWantedFact("The leave lasts sixteen weeks at full pay.", howLong)).toBe(true);
    expect(holdsWantedFact("Coverage ends after seventeen months.", howLong)).toBe(true);
    expect(holdsWantedFact("The leave may be split into blocks.", howLong)).toBe(false);
  });

  it("takes the point something happens after for 'at what point'", () => {
    const point = questionIntent("From what point can the two plans start working together on my bills?");
    expect(point.wants).toContain("time");
    expect(holdsWantedFact("You cannot coordinate benefits with Health Plus until you have met the deductible.", point)).toBe(true);
    const howLong = questionIntent("How long does the review take?");
    expect(holdsWantedFact("The review starts after you file the appeal.", howLong)).toBe(false);
    // A "when" question is no point question: "after the trip" answers no "When will I get my refund?".
    expect(holdsWantedFact("Keep your receipts after the trip.", questionIntent("When will I get my refund?"))).toBe(false);
  });

  it("asks a time with 'how quickly'", () => {
    expect(questionIntent("How quickly are claims paid?").wants).toContain("time");
  });

  it("takes 'immediately' for how soon, not for how long", () => {
    const soon = questionIntent("Someone has been making threats toward me. How soon am I supposed to report it?");
    expect(holdsWantedFact("Employees should immediately notify their supervisor.", soon)).toBe(true);
    const longer = questionIntent("Which plan gives me longer to claim that money back?");
    expect(holdsWantedFact("Submit your claim as soon as possible.", longer)).toBe(false);
  });

  it("takes a place to look for where to look something up", () => {
    const where = questionIntent("My doctor is sending me for X-rays. Where can I look up what my copay will be?");
    expect(where.wants).toContain("resource");
    expect(holdsWantedFact("Copay amounts for lab tests and X-rays are listed on your insurance card.", where)).toBe(true);
    expect(holdsWantedFact("You can search with the Northwind Health Provider Finder tool.", where)).toBe(true);
    expect(holdsWantedFact("Members can compare prices with the plan's online tools.", where)).toBe(true);
    expect(holdsWantedFact("Copays help members share the cost of their care.", where)).toBe(false);
    expect(questionIntent("Where is the CTO based?").wants).not.toContain("resource");
  });

  it("takes the way a thing can be done for how to do it", () => {
    const how = questionIntent("How can I ask for a refill of my prescription without going in?");
    expect(holdsWantedFact("You can also request prescription refills online or by phone.", how)).toBe(true);
    expect(holdsWantedFact("Prescription refills are covered for up to a 90-day supply.", how)).toBe(false);
  });

  it("asks whether costs are paid for, not how much they are", () => {
    expect(questionIntent("Can I get the costs reimbursed through PerksPlus?")).toMatchObject({ wants: [], yesNo: true });
    expect(questionIntent("Will Standard cover the fees for my stay?").wants).not.toContain("amount");
    expect(questionIntent("Is the deductible lower on Standard than on Health Plus?").wants).toContain("amount");
  });

  it("asks whether something is there at an hour of the night", () => {
    const late = questionIntent("Is there anybody medical I can ring through Health Plus at this hour?");
    expect(late).toMatchObject({ availability: true, wants: ["time"] });
  });
});
