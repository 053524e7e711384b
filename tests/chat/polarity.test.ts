import { describe, expect, it } from "vitest";
import { deniedParts } from "@/lib/chat/polarity";

describe("what a negation governs", () => {
  it("denies the clause holding it, not the list before it nor a condition", () => {
    expect(deniedParts("Acupuncture, massage, and chiropractic care are not covered under the plan.", null)).toEqual([
      "Acupuncture, massage, and chiropractic care are not covered under the plan.",
    ]);
    expect(deniedParts("Health Plus covers dialysis, while Standard does not cover out-of-network dialysis.", null)).toEqual([
      "while Standard does not cover out-of-network dialysis.",
    ]);
    expect(deniedParts("If you cannot find an in-network provider, the plan may cover a portion of the cost.", null)).toEqual([]);
    const repair = "It will also cover the cost of repair and maintenance, as long as they are not part of an HMO plan.";
    expect(deniedParts(repair, null)).toEqual([]);
    expect(deniedParts("Travel is reimbursed, provided the trip was not booked privately.", null)).toEqual([]);
    // "provided by" names who provides: the denial stands.
    const supplied = "Hearing aids, provided by an out-of-network supplier, are not covered.";
    expect(deniedParts(supplied, null)).toEqual([supplied]);
    expect(deniedParts("The plan covers physical therapy, not including massage therapy.", null)).toEqual([
      "not including massage therapy.",
    ]);
  });

  it("denies all after a negative lead-in or under a negative heading, and what follows 'except'", () => {
    const list = "Our plan does not cover: Routine foot care, such as trimming toenails; Shoe inserts.";
    expect(deniedParts(list, null)).toEqual([list]);
    expect(deniedParts("Routine foot care; Shoe inserts.", "What is Not Covered?")).toEqual(["Routine foot care; Shoe inserts."]);
    expect(deniedParts("All sports lessons are covered except golf lessons.", null)).toEqual(["except golf lessons."]);
    const exceptions = "These exceptions include: Non-prescription vitamins; Drugs for fertility treatments.";
    expect(deniedParts(exceptions, null)).toEqual([exceptions]);
    expect(deniedParts("Coinsurance is set at 20% for in-network services, with some exceptions.", null)).toEqual([]);
    // What is exempt from a requirement is left out of it.
    expect(deniedParts("Preventive care services are exempt from the deductible.", null)).toEqual([
      "Preventive care services are exempt from the deductible.",
    ]);
    expect(deniedParts("The premium is spread out over the year, rather than paid in one lump sum.", null)).toEqual([
      "rather than paid in one lump sum.",
    ]);
  });

  it("reads a negation in a clause on who someone is as describing the person, once the sentence has said its piece", () => {
    expect(deniedParts("This is a great option for those who need services but may not be able to pay it in one payment.", null)).toEqual(
      [],
    );
    expect(deniedParts("A whistleblower is an individual who reports activities not in accordance with company policy.", null)).toEqual([]);
    // "…or not" names the other alternative of a "whether": it denies nothing.
    expect(deniedParts("The Medical Director decides whether the treatment is medically necessary or not.", null)).toEqual([]);
    expect(deniedParts("Employees who leave the company are not eligible for the bonus.", null)).toEqual([
      "Employees who leave the company are not eligible for the bonus.",
    ]);
  });

  it("denies what a denial goes on to include, in the sentence after it", () => {
    const denial = "Northwind Health Plus does not cover services related to treatment that is intended to cure the illness.";
    const includes = "This includes treatments such as chemotherapy, radiation therapy, and surgery.";
    expect(deniedParts(includes, null, denial)).toEqual([includes]);
    expect(deniedParts(includes, null, "Northwind Health Plus covers hospice care.")).toEqual([]);
    expect(deniedParts("This means you pay less.", null, denial)).toEqual([]);
    // An item of a list read on its own, after a lead-in leaving it out.
    expect(deniedParts("Routine foot care, such as trimming toenails", null, "Our plan does not cover:")).toEqual([
      "Routine foot care, such as trimming toenails",
    ]);
    expect(deniedParts("Surgery, if medically necessary", null, "Our plan covers the following foot care services:")).toEqual([]);
  });

  it("reads 'no' as denying only what it leads, and 'not all' as denying nothing", () => {
    expect(deniedParts("Vaccinations are covered at 100% with no copayment or coinsurance.", null)).toEqual([
      "no copayment or coinsurance.",
    ]);
    expect(deniedParts("The plan does not cover all services for newborns.", null)).toEqual([]);
  });
});
