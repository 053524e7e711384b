import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";

/**
 * Validates ERI responses against the component schemas of the v1 OpenAPI contract
 * (every object there has additionalProperties: false, as AI Studio deserializes), plus the
 * rule the spec cannot state: arrays are never null. The contract is vendored beside the ERI
 * code (lib/eri/eri-v1.openapi.json), so these checks always run.
 */

export const ERI_SPEC_PATH = path.resolve(import.meta.dirname, "..", "..", "lib", "eri", "eri-v1.openapi.json");

type JsonSchema = { $ref?: string; type?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema };
interface Spec {
  components: { schemas: Record<string, JsonSchema> };
}

let cached: { spec: Spec; ajv: Ajv } | undefined;
function load() {
  if (!cached) {
    const spec = JSON.parse(readFileSync(ERI_SPEC_PATH, "utf8")) as Spec;
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema(spec as object, "eri");
    cached = { spec, ajv };
  }
  return cached;
}

export const componentNames = () => Object.keys(load().spec.components.schemas);
export const componentProperties = (name: string) => Object.keys(load().spec.components.schemas[name]?.properties ?? {}).sort();

function resolve(schema: JsonSchema): JsonSchema {
  return schema.$ref ? load().spec.components.schemas[schema.$ref.split("/").pop()!] : schema;
}

/** Paths of array-typed properties whose value is null. */
function nullArrays(schema: JsonSchema, value: unknown, at: string): string[] {
  const s = resolve(schema);
  if (value === null || value === undefined) return [];
  if (s.type === "array" && Array.isArray(value)) return value.flatMap((v, i) => nullArrays(s.items ?? {}, v, `${at}[${i}]`));
  if (s.properties && typeof value === "object") {
    return Object.entries(s.properties).flatMap(([key, prop]) => {
      const v = (value as Record<string, unknown>)[key];
      if (resolve(prop).type === "array" && v === null) return [`${at}.${key}`];
      return nullArrays(prop, v, `${at}.${key}`);
    });
  }
  return [];
}

/** Problems of `value` as a v1 `component` (or an array of them); empty when valid. */
export function v1Problems(component: string, value: unknown, opts: { array?: boolean } = {}): string[] {
  const { ajv } = load();
  const schema: JsonSchema = opts.array
    ? { type: "array", items: { $ref: `#/components/schemas/${component}` } }
    : { $ref: `#/components/schemas/${component}` };
  const validate: ValidateFunction = opts.array
    ? ajv.compile({ type: "array", items: { $ref: `eri#/components/schemas/${component}` } })
    : ajv.getSchema(`eri#/components/schemas/${component}`)!;
  const problems = validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
  return [...problems, ...nullArrays(schema, value, "$").map((p) => `${p} is null (arrays must never be null)`)];
}

export function assertV1(component: string, value: unknown, opts: { array?: boolean } = {}): void {
  const problems = v1Problems(component, value, opts);
  if (problems.length)
    throw new Error(`Not a valid v1 ${component}${opts.array ? "[]" : ""}: ${problems.join("; ")}\n${JSON.stringify(value)}`);
}
