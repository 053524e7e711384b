import { z } from "zod";
import { CopilotResult, CopilotSearchResponse, DEFAULT_RESULTS, MAX_RESULTS } from "./search";

/**
 * The OpenAPI 3.0 description Copilot reads to call the search: one GET operation with flat
 * query parameters (API plugins take no request bodies of nested objects, nor oneOf/allOf/anyOf).
 */

export const OPERATION_ID = "searchKnowledge";
export const SEARCH_PATH = "/api/copilot/search";
const SECURITY_SCHEME = "copilotApiKey";

type Json = Record<string, unknown>;

/** A zod schema as an OpenAPI 3.0 schema object, without JSON Schema's own bookkeeping. */
function schemaOf(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { target: "openapi-3.0", io: "output" }) as Json;
  delete out.$schema;
  return stripSafeIntegerBounds(out) as Json;
}

/** zod bounds every integer by ±(2^53 − 1); that says nothing to a reader of the document. */
function stripSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripSafeIntegerBounds);
  if (!node || typeof node !== "object") return node;
  const entries = Object.entries(node).filter(
    ([key, value]) => !((key === "maximum" || key === "minimum") && Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER),
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, stripSafeIntegerBounds(value)]));
}

export interface OpenApiOptions {
  baseUrl: string;
  /** Collection names, listed in the collection parameter's description. */
  collections: string[];
  requiresKey: boolean;
}

export function exampleResponse(baseUrl: string): CopilotSearchResponse {
  return {
    query: "annual deductible in-network",
    results: [
      {
        title: "Employee Handbook: Health Benefits",
        snippet:
          "The annual deductible for in-network care is 1,500 dollars per person. Out-of-network care has a deductible of 3,000 dollars.",
        citation: "employee_handbook.pdf, p.3",
        url: `${baseUrl}/v1/collections/handbook/documents/3f2c9a/content#page=3`,
        file_name: "employee_handbook.pdf",
        page_number: 3,
        collection: "handbook",
        score: 0.82,
      },
    ],
    spelling_corrections: {},
    warnings: [],
  };
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

export function openApiDocument({ baseUrl, collections, requiresKey }: OpenApiOptions): Json {
  const shown = collections.slice(0, 30);
  const available = shown.length
    ? ` Available: ${shown.join(", ")}${collections.length > shown.length ? ", …" : ""}.`
    : " No collections exist yet.";
  const response = schemaOf(CopilotSearchResponse);
  (response.properties as Json).results = {
    ...((response.properties as Json).results as Json),
    items: { $ref: "#/components/schemas/SearchResult" },
  };

  return {
    openapi: "3.0.3",
    info: {
      title: "DocChat knowledge search",
      version: "1.0.0",
      description:
        "Searches the documents people uploaded to DocChat and returns the matching passages with a citation " +
        "(file and page) and a link that opens the source at that page.",
    },
    servers: [{ url: baseUrl }],
    paths: {
      [SEARCH_PATH]: {
        get: {
          operationId: OPERATION_ID,
          summary: "Search the documents",
          description:
            "Finds the passages of the uploaded documents that best answer a question or match keywords " +
            "(hybrid vector and keyword search, misspellings corrected). Returns at most one passage per page, best first.",
          parameters: [
            {
              name: "query",
              in: "query",
              required: true,
              description: "What to look for: the user's question or its key terms, in the documents' language.",
              schema: { type: "string", minLength: 1, maxLength: 1000 },
              example: "annual deductible in-network",
            },
            {
              name: "collection",
              in: "query",
              required: false,
              description: `Collection to search, or several separated by commas. Omit it to search every collection.${available}`,
              schema: { type: "string" },
            },
            {
              name: "top",
              in: "query",
              required: false,
              description: `How many passages to return, 1 to ${MAX_RESULTS} (larger values are treated as ${MAX_RESULTS}). Default ${DEFAULT_RESULTS}.`,
              schema: { type: "integer", minimum: 1, maximum: MAX_RESULTS, default: DEFAULT_RESULTS },
            },
          ],
          ...(requiresKey ? { security: [{ [SECURITY_SCHEME]: [] }] } : {}),
          responses: {
            "200": {
              description: "The matching passages, best first.",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/SearchResponse" },
                  example: exampleResponse(baseUrl),
                },
              },
            },
            "400": errorResponse("The query is missing or too long, top is not a whole number, or a collection does not exist."),
            ...(requiresKey ? { "401": errorResponse("The API key is missing or wrong.") } : {}),
            "503": errorResponse("No collection could be searched."),
          },
        },
      },
    },
    components: {
      schemas: {
        SearchResponse: response,
        SearchResult: schemaOf(CopilotResult),
        Error: {
          type: "object",
          properties: { error: { type: "string", description: "What went wrong, for people." } },
          required: ["error"],
        },
      },
      ...(requiresKey
        ? {
            securitySchemes: {
              [SECURITY_SCHEME]: { type: "http", scheme: "bearer", description: "The COPILOT_API_KEY configured on the server." },
            },
          }
        : {}),
    },
  };
}

/** Every operationId of an OpenAPI document (for checking the manifest's function names). */
export function operationIds(document: Json): string[] {
  const ids: string[] = [];
  for (const item of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(item)) {
      const id = (operation as Json | null)?.operationId;
      if (typeof id === "string") ids.push(id);
    }
  }
  return ids;
}
