import { readTextWithin } from "@/lib/http/body";
import { jsonDepth, MAX_JSON_DEPTH } from "@/lib/http/json";
import {
  COUNT_TYPES,
  DEFAULT_COUNT,
  DEFAULT_COUNT_TYPE,
  LIBRARY_VERSION,
  parseOmit,
  PolymathError,
  type CountType,
  type OmitSpec,
} from "./format";

/**
 * The host endpoint's arguments, read as the reference host reads them: a JSON object, or form
 * fields (urlencoded or multipart), values as strings; `omit` may repeat.
 */

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_QUERY_CHARS = 4000;

export interface QueryArguments {
  version: number;
  count: number;
  countType: CountType;
  omit: OmitSpec;
  /** Base64, still encoded (its float width depends on the collection's dimensions). */
  queryEmbedding: string | null;
  queryEmbeddingModel: string | null;
  accessToken: string | null;
  /** This product's extension: text the host embeds itself. */
  query: string | null;
}

export async function readArguments(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new PolymathError(`The request body is larger than ${MAX_BODY_BYTES} bytes`);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  // Counted while read: a chunked body declares no length.
  const text = await readTextWithin(
    request,
    MAX_BODY_BYTES,
    () => new PolymathError(`The request body is larger than ${MAX_BODY_BYTES} bytes`),
  );
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await new Response(text, { headers: { "content-type": type } }).formData();
    } catch {
      throw new PolymathError("The form data could not be read");
    }
    const args: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key).filter((v): v is string => typeof v === "string");
      if (values.length) args[key] = values.length === 1 ? values[0] : values;
    }
    return args;
  }
  if (!text.trim()) return {};
  if (type.includes("json") || /^\s*\{/.test(text)) {
    if (jsonDepth(text) > MAX_JSON_DEPTH) throw new PolymathError(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PolymathError("The request body is not valid JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new PolymathError("The JSON body must be an object of arguments");
    return body as Record<string, unknown>;
  }
  // No (or another) content type: the form encoding curl and HTML forms use by default.
  return Object.fromEntries(new URLSearchParams(text));
}

/** Checks the arguments in the reference host's order, with its messages where it has one. */
export function parseQueryArguments(args: Record<string, unknown>): QueryArguments {
  const count = wholeNumber(args.count ?? DEFAULT_COUNT, "count");
  // As the reference host: 0 is refused, a negative count means every bit.
  if (count === 0) throw new PolymathError("count must be greater than 0");
  const version = args.version === undefined || args.version === "" ? -1 : wholeNumber(args.version, "version");
  // A newer client understands this host's (older or equal) version; an older one would not.
  if (version < LIBRARY_VERSION) throw new PolymathError(`version must be at least ${LIBRARY_VERSION}`);
  const countType = optionalString(args.count_type, "count_type") ?? DEFAULT_COUNT_TYPE;
  if (!(COUNT_TYPES as readonly string[]).includes(countType)) {
    throw new PolymathError(`count_type ${countType} is not one of the legal options: ${COUNT_TYPES.join(", ")}`);
  }
  const query = optionalString(args.query, "query");
  if (query && query.length > MAX_QUERY_CHARS) throw new PolymathError(`query must have at most ${MAX_QUERY_CHARS} characters`);
  return {
    version,
    count,
    countType: countType as CountType,
    omit: parseOmit(args.omit),
    queryEmbedding: optionalString(args.query_embedding, "query_embedding"),
    queryEmbeddingModel: optionalString(args.query_embedding_model, "query_embedding_model"),
    accessToken: optionalString(args.access_token, "access_token"),
    query: query?.trim() || null,
  };
}

function wholeNumber(value: unknown, name: string): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n)) throw new PolymathError(`${name} must be a whole number, got ${JSON.stringify(value)}`);
  return n;
}

/** Absent and "" both mean "not given" (the reference host tests truthiness). */
function optionalString(value: unknown, name: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw new PolymathError(`${name} must be a string`);
  return value;
}
