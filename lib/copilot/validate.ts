import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import officialSchema from "./plugin-manifest-v2.2.schema.json";
import { LIMITS } from "./manifest";
import { operationIds } from "./openapi";

/**
 * Checks a plugin manifest the way Microsoft 365 does before it installs one: against the
 * official v2.2 JSON schema (vendored beside this file, MIT), plus the rules the schema cannot
 * state: function names are operationIds of the OpenAPI document, and names and descriptions
 * stay within the documented lengths.
 */

export interface ManifestCheck {
  valid: boolean;
  /** One line per problem, `path: message`. */
  errors: string[];
}

type Json = Record<string, unknown>;

let compiled: ValidateFunction | undefined;
function schemaValidator(): ValidateFunction {
  if (!compiled) {
    // The schema declares draft-04 but uses later keywords ($defs, const, if/then); Ajv's
    // default draft reads them all once the $schema key is gone.
    const schema: Json = structuredClone(officialSchema);
    delete schema.$schema;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    compiled = ajv.compile(schema);
  }
  return compiled;
}

const describe = (e: ErrorObject) => `${e.instancePath || "/"}: ${e.message ?? e.keyword}${e.params && "allowedValue" in e.params ? ` (${String(e.params.allowedValue)})` : ""}`;

export function validateManifest(manifest: Json, openApi: Json): ManifestCheck {
  const validate = schemaValidator();
  const errors = validate(manifest) ? [] : [...new Set((validate.errors ?? []).map(describe))];

  const ids = new Set(operationIds(openApi));
  const functions = Array.isArray(manifest.functions) ? (manifest.functions as Json[]) : [];
  functions.forEach((fn, i) => {
    if (!ids.has(String(fn.name))) errors.push(`/functions/${i}/name: "${String(fn.name)}" is no operationId of the OpenAPI document`);
  });
  for (const [key, max] of Object.entries(LIMITS)) {
    const value = manifest[key];
    if (typeof value === "string" && value.length > max) errors.push(`/${key}: ${value.length} characters, more than the ${max} Copilot reads`);
  }
  if (typeof manifest.name_for_human === "string" && !manifest.name_for_human.trim()) errors.push("/name_for_human: must not be blank");
  return { valid: errors.length === 0, errors };
}
