import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import pluginSchema from "./plugin-manifest-v2.2.schema.json";
import agentSchema from "./schemas/declarative-agent-v1.8.schema.json";
import teamsSchema from "./schemas/teams-manifest-v1.30.schema.json";
import { LIMITS } from "./manifest";
import { operationIds } from "./openapi";

/**
 * Checks the manifests the way Microsoft 365 does before it installs them: against Microsoft's
 * JSON schemas (vendored beside this file, MIT), and the plugin manifest against the rules its schema cannot
 * state: function names are operationIds of the OpenAPI document, and names and descriptions
 * stay within the documented lengths.
 */

export interface ManifestCheck {
  valid: boolean;
  /** One line per problem, `path: message`. */
  errors: string[];
}

type Json = Record<string, unknown>;

/** Microsoft's schemas of the three manifests this app writes (vendored, MIT: see the LICENSE files beside them). */
const SCHEMAS = { plugin: pluginSchema, teams: teamsSchema, agent: agentSchema } as const;
export type SchemaKind = keyof typeof SCHEMAS;

const compiled = new Map<SchemaKind, ValidateFunction>();
function schemaValidator(kind: SchemaKind): ValidateFunction {
  let validate = compiled.get(kind);
  if (!validate) {
    // The schemas declare draft-04 but use later keywords ($defs, const, if/then); Ajv's
    // default draft reads them all once the $schema key is gone.
    const schema: Json = structuredClone(SCHEMAS[kind]) as Json;
    delete schema.$schema;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    validate = ajv.compile(schema);
    compiled.set(kind, validate);
  }
  return validate;
}

const describe = (e: ErrorObject) =>
  `${e.instancePath || "/"}: ${e.message ?? e.keyword}${e.params && "allowedValue" in e.params ? ` (${String(e.params.allowedValue)})` : ""}`;

/** Where `document` breaks Microsoft's schema of its kind, one line per problem (none: valid). */
export function schemaErrors(kind: SchemaKind, document: Json): string[] {
  const validate = schemaValidator(kind);
  return validate(document) ? [] : [...new Set((validate.errors ?? []).map(describe))];
}

export function validateManifest(manifest: Json, openApi: Json): ManifestCheck {
  const errors = schemaErrors("plugin", manifest);

  const ids = new Set(operationIds(openApi));
  const functions = Array.isArray(manifest.functions) ? (manifest.functions as Json[]) : [];
  functions.forEach((fn, i) => {
    if (!ids.has(String(fn.name))) errors.push(`/functions/${i}/name: "${String(fn.name)}" is no operationId of the OpenAPI document`);
  });
  for (const [key, max] of Object.entries(LIMITS)) {
    const value = manifest[key];
    if (typeof value === "string" && value.length > max)
      errors.push(`/${key}: ${value.length} characters, more than the ${max} Copilot reads`);
  }
  if (typeof manifest.name_for_human === "string" && !manifest.name_for_human.trim()) errors.push("/name_for_human: must not be blank");
  return { valid: errors.length === 0, errors };
}
