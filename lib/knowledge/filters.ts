import { badRequest } from "@/lib/errors";
import { FILTERABLE_FIELDS, type Filters } from "./schemas";

export type FilterField = (typeof FILTERABLE_FIELDS)[number];
const INTEGER_FIELDS: ReadonlySet<FilterField> = new Set(["page_number"]);

export interface FilterClause {
  field: FilterField;
  values: (string | number)[];
}

/**
 * `{field: value | [values]}` checked against the SDK's filterable fields and their types, as
 * clauses every backend can translate. Throws a 400 AppError for unknown fields or wrongly
 * typed values, before anything is searched.
 */
export function filterClauses(filters: Filters | null | undefined): FilterClause[] {
  if (!filters) return [];
  return Object.entries(filters).map(([name, raw]) => {
    if (!(FILTERABLE_FIELDS as readonly string[]).includes(name)) {
      throw badRequest(`Unknown filter field "${name}". Filterable fields: ${FILTERABLE_FIELDS.join(", ")}`);
    }
    const field = name as FilterField;
    const values = Array.isArray(raw) ? raw : [raw];
    if (values.length === 0) throw badRequest(`Filter "${field}" has an empty list`);
    return { field, values: values.map((v) => checkedValue(field, v)) };
  });
}

function checkedValue(field: FilterField, value: unknown): string | number {
  if (INTEGER_FIELDS.has(field)) {
    if (typeof value !== "number" || !Number.isSafeInteger(value)) {
      throw badRequest(`Filter "${field}" takes whole numbers, got ${JSON.stringify(value)}`);
    }
    return value;
  }
  if (typeof value !== "string") throw badRequest(`Filter "${field}" takes text values, got ${JSON.stringify(value)}`);
  return value;
}
