import { askingClause } from "@/lib/text/question-intent";
import type { Candidate } from "./sentence-ranking";

/** Whether something is paid for, asked and said: "Can I claim that back?", "…are covered at 80%". */
const ASKS_PAID_FOR =
  /\b(pay|paid|pays|cover|covered|covers|reimburs\w*|refund\w*|chip in|expense|claim (it |that |this |them )?back|get (it |that |this |the money |my money |them )?back(?! at\b)|contribut\w*|subsidi[sz]\w*|fund|foot the bill)\b/i;
const SAYS_PAYING =
  /\b(pay|pays|paid|paying|payment|cover|covers|covered|coverage|reimburs\w*|refund\w*|eligible|eligibility|includ\w*|offer\w*|provid\w*|expense\w*|benefits?|contribut\w*|subsidi[sz]\w*|allowance|free|costs?|charges?|fees?|deductibles?|co-?pay\w*|coinsurance|premiums?|out-of-pocket|discount\w*|exclud\w*|limit\w*)\b|[$€£]\s?\d/i;

/** The question asks whether something is paid for, covered or reimbursed. */
export const asksPaidFor = (question: string) => ASKS_PAID_FOR.test(askingClause(question));

/** The sentence (or its heading, or the lead-in it is an item of) says something of paying, covering, granting or costs. */
export const saysPaying = (c: Pick<Candidate, "heading" | "text"> & { antecedent?: string | null }) =>
  SAYS_PAYING.test(`${c.heading ?? ""} ${c.antecedent ?? ""} ${c.text}`);
