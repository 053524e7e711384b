import { badRequest } from "@/lib/errors";
import { FILTERABLE_FIELDS, type Filters } from "./schemas";
import { sqlString } from "./lancedb/store";

type Field = (typeof FILTERABLE_FIELDS)[number];
const INTEGER_FIELDS: ReadonlySet<Field> = new Set(["page_number"]);

function literal(field: Field, value: unknown): string {
  if (INTEGER_FIELDS.has(field)) {
    if (typeof value !== "number" || !Number.isSafeInteger(value)) {
      throw badRequest(`Filter "${field}" takes whole numbers, got ${JSON.stringify(value)}`);
    }
    return String(value);
  }
  if (typeof value !== "string") throw badRequest(`Filter "${field}" takes text values, got ${JSON.stringify(value)}`);
  return sqlString(value);
}

/**
 * Turns `{field: value | [values]}` into a SQL predicate. Field names come from a fixed list
 * (never from the request) and values are typed and quoted, so nothing can be injected.
 * Throws a 400 AppError for unknown fields or wrongly typed values.
 */
export function filtersToWhere(filters: Filters | null | undefined): string | undefined {
  if (!filters) return undefined;
  const clauses: string[] = [];
  for (const [name, raw] of Object.entries(filters)) {
    if (!(FILTERABLE_FIELDS as readonly string[]).includes(name)) {
      throw badRequest(`Unknown filter field "${name}". Filterable fields: ${FILTERABLE_FIELDS.join(", ")}`);
    }
    const field = name as Field;
    const values = Array.isArray(raw) ? raw : [raw];
    if (values.length === 0) throw badRequest(`Filter "${field}" has an empty list`);
    const literals = values.map((v) => literal(field, v));
    clauses.push(literals.length === 1 ? `${field} = ${literals[0]}` : `${field} IN (${literals.join(", ")})`);
  }
  return clauses.length ? clauses.join(" AND ") : undefined;
}
