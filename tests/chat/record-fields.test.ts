import { describe, expect, it } from "vitest";
import { extractiveAnswer } from "@/lib/chat/extractive";
import { textUnits } from "@/lib/text/sentences";
import { textChunk } from "../helpers/chunks";

/** A role library's page, headed as the chunker heads a record's passages ("title", then "title › part"). */
const role = (page: number, content: string) =>
  textChunk({ file: "role_library.pdf", page, content, heading: content.split("\n")[0], id: `roles:${page}` });

const answer = (question: string, ...chunks: ReturnType<typeof role>[]) => extractiveAnswer([{ question, chunks }]).answer;

const CEO = role(
  3,
  "Chief Executive Officer\n\nPosition: Chief Executive Officer\nLocation: Headquarters\n\n" +
    "The Chief Executive Officer (CEO) will be responsible for providing strategic direction and oversight to Zava.\n\n" +
    "Qualifications:\n• Bachelor’s degree in business or related field\n• 10+ years of experience in executive management\n• Ability to make strategic decisions",
);

const CTO = role(
  6,
  "Chief Technology Officer\n\nJob Title: Chief Technology Officer\nCompany: Zava\nLocation: Anywhere\n\n" +
    "The Chief Technology Officer of Zava will be responsible for leading the company’s technology strategy.\n\n" +
    "Qualifications:\n• Bachelor’s degree in computer science, information technology, or related field.\n• Proven experience as a CTO or similar role.\n\n" +
    "Vice President of Sales\n\nJOB TITLE: Vice President of Sales, Zava\nREPORTING TO: Chief Executive Officer\n\n" +
    "QUALIFICATIONS:\n• Bachelor’s degree in business, marketing, or related field\n• At least 10 years of sales experience in a management role",
);

describe("answers from a record's fields", () => {
  it("reads each sentence of a named record as said of it, and quotes only the one on what is asked", () => {
    // The record's name is its heading, not the qualifications' own words.
    expect(answer("What degree does the CEO need?", CEO)).toBe(
      "Qualifications: Bachelor’s degree in business or related field; … [role_library.pdf#page=3]",
    );
  });

  it("answers with a short field when the question asks for what it labels", () => {
    expect(answer("Where is the CTO based?", CTO)).toBe("Location: Anywhere [role_library.pdf#page=6]");
    // A field saying only a name every record repeats is read only when asked for.
    expect(answer("Which company is the CTO job at?", CTO)).toMatch(/^Company: Zava/);
    expect(answer("What degree does the CTO need?", CTO)).not.toMatch(/Company: Zava/);
  });

  it("takes a heading its form restates for the next record, though the passage began in another", () => {
    // The CTO's record names no number of years; the next record's "At least 10 years of sales experience" is not its.
    const reply = answer("How many years of experience does the CTO need?", CTO);
    expect(reply).toMatch(/^I could not find a direct answer/);
    expect(reply).not.toMatch(/10 years|sales/);
  });

  it("leads with the sentence naming the thing a question asks for, and adds only such sentences", () => {
    const marketing = role(
      13,
      "Director of Marketing\n\nPosition Title: Director of Marketing for Zava\nLocation: Headquarters\n\n" +
        "The Director of Marketing is responsible for strategies that increase brand awareness. This position requires a creative individual who is up-to-date on the latest marketing trends.\n\n" +
        "Qualifications:\n• Bachelor’s degree in marketing, business, or related field\n• Extensive experience in marketing and brand management",
    );
    expect(answer("What degree is required for the Director of Marketing?", marketing)).toBe(
      "Qualifications: Bachelor’s degree in marketing, business, or related field; … [role_library.pdf#page=13]",
    );
  });

  it("states each record compared by its sentence on the words the other's holds", () => {
    // The CFO's later passage, headed by its part, with a list long enough to be read item by item.
    const cfo = role(
      6,
      "Chief Financial Officer › Responsibilities\n\n• Lead all financial operations, including accounting and budgeting.\n\n" +
        "Qualifications:\n• Bachelor’s degree in finance, accounting, economics, or a related field.\n• Master’s degree or CPA certification preferred.\n" +
        "• At least ten years of experience leading the finance, accounting and treasury functions of a company of comparable size and complexity, including reporting to a board of directors.",
    );
    const reply = answer("Between Zava's CEO and CFO job descriptions, does either one name economics as an accepted degree?", CEO, cfo);
    expect(reply).toMatch(/Chief Executive Officer[^\n]*Bachelor’s degree in business/);
    // Each named before its part's lead-in, as a reader scans them.
    expect(reply).toMatch(/\*\*Chief Financial Officer:\*\* Qualifications: Bachelor’s degree in finance, accounting, economics/);
    expect(reply).not.toMatch(/Position:|JOB DESCRIPTION/);
  });

  it("shows a named record's passages as the closest when they do not state what is asked", () => {
    const marketing = role(
      14,
      "Director of Marketing › Responsibilities\n\n• Analyze and report on marketing metrics\n\n" +
        "Qualifications:\n• Bachelor’s degree in marketing, business, or related field\n• Extensive experience in marketing, brand management, and customer engagement",
    );
    const maternity = textChunk({
      file: "plan.pdf",
      page: 38,
      heading: "Maternity Care",
      content:
        "Maternity Care\n\nThe plan also covers any necessary follow-up care for both mother and baby for up to six weeks post-delivery.",
    });
    const reply = answer("How many years of experience does Zava's Director of Marketing posting ask for?", maternity, marketing);
    expect(reply).toMatch(/^I could not find a direct answer[^]*Extensive experience in marketing/);
    expect(reply).not.toMatch(/six weeks/);
  });

  it("compares records part for part: a qualification with a qualification", () => {
    const manager = role(
      28,
      "Manager of Human Resources › Responsibilities\n\n• Manage the recruitment process\n\n" +
        "Qualifications:\n• Bachelor’s degree in Human Resources, Business Administration, or a related field.\n• Three years of experience in human resources.\n" +
        "• Knowledge of employment law, benefits administration and the practices of a human resources department in a company of similar size.",
    );
    const senior = role(
      21,
      "Senior Manager of Human Resources › Responsibilities\n\n" +
        "• Develop and implement human resources strategies and initiatives that align with the overall business goals and objectives of the company and its divisions.\n\n" +
        "Qualifications:\n• Bachelor’s degree in Human Resources or a related field.\n• Eight years of experience in human resources, three of them managing a team.\n" +
        "• Knowledge of employment law, benefits administration and the practices of a human resources department in a company of similar size.",
    );
    const reply = answer(
      "Looking at Zava's Manager of Human Resources and Senior Manager of Human Resources postings, which of them name business administration as an accepted degree?",
      manager,
      senior,
    );
    expect(reply).toMatch(/Senior Manager of Human Resources:\*\* Qualifications: Bachelor’s degree in Human Resources or a related field/);
    expect(reply).not.toMatch(/business goals/);
  });

  it("states the first record compared by its sentence saying most beyond the record's name", () => {
    // Every sentence of a named record holds its name: a duty that only shares "manage" says less than the degree.
    const director = role(
      14,
      "Director of Operations\n\nJob Title: Director of Operations, Zava\n\n" +
        "The Director of Operations is responsible for overseeing the overall operations of Zava.\n\n" +
        "Responsibilities:\n• Develop and implement strategies to manage inventory and stock levels\n• Manage the budget and financial operations of the company",
    );
    const directorNext = role(
      15,
      "Director of Operations › Responsibilities\n\nQualifications:\n• Bachelor’s degree in Business Administration, Operations Management, or a related field\n" +
        "• 10+ years of experience in operations",
    );
    const manager = role(
      27,
      "Manager of Operations › Responsibilities\n\n• Coordinate and manage special projects as needed\n\n" +
        "Qualifications:\n• Bachelor’s degree in Business Administration or related field\n• 5+ years of experience in operations",
    );
    const reply = answer(
      "I studied operations management. Would the Director of Operations or the Manager of Operations posting at Zava accept that degree?",
      director,
      manager,
      directorNext,
    );
    expect(reply).toMatch(
      /\*\*Director of Operations:\*\* Qualifications: Bachelor’s degree in Business Administration, Operations Management/,
    );
    expect(reply).toMatch(/\*\*Manager of Operations:\*\* Qualifications: Bachelor’s degree in Business Administration or related field/);
    expect(reply).not.toMatch(/inventory|special projects/);
  });

  it('reads "R&D" as the initials of Research and Development, naming each record compared', () => {
    const senior = role(
      22,
      "Senior Manager of Research and Development\n\nJob Title: Senior Manager of Research and Development, Zava\n\n" +
        "The Senior Manager of Research and Development will lead the research and development team at Zava.\n\n" +
        "Qualifications:\n• Bachelor’s degree in a related field such as engineering, computer science, or business\n• 7+ years of experience in research",
    );
    const director = role(
      17,
      "Director of Research and Development › Responsibilities\n\n• Lead the research and development team\n\n" +
        "Qualifications:\n• Bachelor’s degree in Engineering, Computer Science, or a related field is accepted\n• 10+ years of experience in research and development",
    );
    const reply = answer(
      "I studied business. Between Zava's Senior Manager of R&D and Director of R&D openings, does either one accept a business degree?",
      senior,
      director,
    );
    expect(reply).toMatch(/\*\*Senior Manager of Research and Development:\*\*[^\n]*or business/);
    expect(reply).toMatch(/\*\*Director of Research and Development:\*\*[^\n]*Engineering, Computer Science/);
  });

  it("takes a form's title field for a field of the record it restates, not for a heading", () => {
    // A page ending one record's qualifications and starting the next record, its form restating its title.
    const page = role(
      22,
      "Senior Manager of Human Resources › Qualifications\n\n• Proven experience as a Human Resources Manager or similar role\n\n" +
        "Senior Manager of Research and Development\n\nJob Title: Senior Manager of Research and Development, Zava\n\n" +
        "Qualifications:\n• 5+ years of experience in a research and development role\n• Demonstrated ability to lead a team",
    );
    const reply = answer("How many years of experience does the Senior Manager of Human Resources posting ask for?", page);
    expect(reply).not.toMatch(/5\+ years/);
    const director = role(
      15,
      "Director of Human Resources\n\nJOB TITLE: Director of Human Resources, Zava\n\n" +
        "RESPONSIBILITIES:\n• Foster a culture of engagement, diversity, and inclusion\n• Oversee payroll and benefits administration",
    );
    // Asked which role, the record's name is the answer.
    expect(answer("Which role at Zava is responsible for building a culture of diversity and inclusion?", director)).toMatch(
      /^\*\*Director of Human Resources:\*\* RESPONSIBILITIES: Foster a culture of engagement, diversity, and inclusion/,
    );
  });

  it("ends a form's field with its line, though a label follows in a block of its own", () => {
    const sales = role(
      7,
      "Vice President of Sales\n\nJOB TITLE: Vice President of Sales, Zava\nDEPARTMENT: Sales & Marketing\nREPORTING TO: Chief Executive Officer\n\nOVERVIEW:\n\n" +
        "The Vice President of Sales will be responsible for driving sales and revenue growth for Zava.",
    );
    expect(answer("Who does the VP of Sales report to?", sales)).toBe("REPORTING TO: Chief Executive Officer [role_library.pdf#page=7]");
  });

  it("keeps the heading path of a page's later passage a heading when the page's passages are joined", () => {
    const joined =
      "Chief Technology Officer\n\nJob Title: Chief Technology Officer\nCompany: Zava\nLocation: Anywhere\n\nQualifications:\n\n" +
      "Chief Technology Officer › Responsibilities\n\nQualifications:\n• Bachelor’s degree in computer science, information technology, or related field.\n• Proven experience as a CTO or similar role.";
    const units = textUnits(joined, "Chief Technology Officer");
    expect(units.find((u) => u.text.startsWith("Location"))).toMatchObject({ text: "Location: Anywhere", field: true });
    const qualifications = units.find((u) => u.list !== undefined);
    expect(qualifications?.text).toMatch(/^Qualifications: Bachelor’s degree in computer science/);
    expect(qualifications?.heading).toBe("Chief Technology Officer › Qualifications");
  });
});
