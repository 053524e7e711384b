import type { Filters } from "../schemas";
import { filterClauses } from "../filters";
import { sqlString } from "./rows";

/**
 * Filters as a LanceDB SQL predicate. Field names come from a fixed list (never from the
 * request) and values are typed and quoted, so nothing can be injected.
 */
export function filtersToWhere(filters: Filters | null | undefined): string | undefined {
  const clauses = filterClauses(filters).map(({ field, values }) => {
    const literals = values.map((v) => (typeof v === "number" ? String(v) : sqlString(v)));
    return literals.length === 1 ? `${field} = ${literals[0]}` : `${field} IN (${literals.join(", ")})`;
  });
  return clauses.length ? clauses.join(" AND ") : undefined;
}
