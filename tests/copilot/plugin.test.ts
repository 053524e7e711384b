import { readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { unzipSync, strFromU8 } from "fflate";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as manifestGet } from "@/app/api/copilot/ai-plugin.json/route";
import { GET as openApiGet } from "@/app/api/copilot/openapi.json/route";
import { GET as packageGet } from "@/app/api/copilot/app-package.zip/route";
import { LIMITS } from "@/lib/copilot/manifest";
import { operationIds } from "@/lib/copilot/openapi";
import { PACKAGE_FILES } from "@/lib/copilot/app-package";
import { validateManifest } from "@/lib/copilot/validate";
import { stopWorker } from "@/lib/knowledge";
import { get, knowledgeBase, officialManifestValidator, ORIGIN, publish, setEnv } from "./fixture";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const KEY = "copilot-key-0123456789abcdef";
const REFERENCE_ID = "OTJiN2U1ZjQtYjJmNi00ODEzLWE2MjctYWU2NmQ3ZjE3M2ExIyNkNTQ1ZTU3Yi1hNDJlLTQ2MWItYjA0Yy1lM2YwOGRkNTQ0ZDk=";
const validateOfficial = officialManifestValidator();

async function fetchJson(handler: typeof manifestGet, path: string): Promise<Json> {
  const response = await get(handler, path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  return (await response.json()) as Json;
}

async function openApiErrors(document: Json): Promise<unknown> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  return result.valid ? null : result.errors;
}

const schemaFile = (name: string): Json =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../lib/copilot/schemas", name), "utf8"));

/** As @microsoft/app-manifest's AppManifestUtils.validateAgainstSchema does it: Ajv draft-04, uri/email/regex formats. */
function appManifestErrors(document: Json, schema: Json): string[] {
  const ajv = new AjvDraft04({ allErrors: true, strictTypes: false });
  addFormats(ajv, ["uri", "email", "regex"]);
  const validate = ajv.compile(schema);
  return validate(JSON.parse(JSON.stringify(document))) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

const LINKS = { COPILOT_PRIVACY_URL: "https://example.org/privacy", COPILOT_TERMS_URL: "https://example.org/terms" };

beforeAll(async () => {
  setEnv({ PUBLIC_BASE_URL: undefined, COPILOT_API_KEY: undefined, COPILOT_API_KEY_REFERENCE_ID: undefined, ...LINKS });
  await knowledgeBase();
  await publish(["handbook", "manual"]); // not "secret"
});
afterAll(async () => {
  setEnv({
    COPILOT_API_KEY: undefined,
    COPILOT_API_KEY_REFERENCE_ID: undefined,
    PUBLIC_BASE_URL: undefined,
    COPILOT_PRIVACY_URL: undefined,
    COPILOT_TERMS_URL: undefined,
  });
  await stopWorker();
});

describe("plugin manifest (GET /api/copilot/ai-plugin.json)", () => {
  it("validates against the official v2.2 schema, with namespace and auth None when no key is set", async () => {
    const manifest = await fetchJson(manifestGet, "/api/copilot/ai-plugin.json");
    expect(validateOfficial(manifest), JSON.stringify(validateOfficial.errors)).toBe(true);
    expect(manifest.schema_version).toBe("v2.2");
    expect(manifest.namespace).toMatch(/^[A-Za-z0-9_]+$/);
    expect(manifest.runtimes).toEqual([
      {
        type: "OpenApi",
        auth: { type: "None" },
        run_for_functions: ["searchKnowledge"],
        spec: { url: `${ORIGIN}/api/copilot/openapi.json`, progress_style: "ShowUsageWithInput" },
      },
    ]);
  });

  it("keeps names and descriptions within the documented lengths", async () => {
    const manifest = await fetchJson(manifestGet, "/api/copilot/ai-plugin.json");
    for (const [key, max] of Object.entries(LIMITS)) {
      expect(manifest[key].trim().length, key).toBeGreaterThan(0);
      expect(manifest[key].length, key).toBeLessThanOrEqual(max);
    }
    // The model learns which collections it may search: only those published to Copilot.
    expect(manifest.description_for_model).toContain("handbook, manual.");
    expect(manifest.description_for_model).not.toContain("secret");
  });

  it("declares searchKnowledge with reasoning instructions, response semantics and GetPrivateData", async () => {
    const manifest = await fetchJson(manifestGet, "/api/copilot/ai-plugin.json");
    expect(manifest.functions).toHaveLength(1);
    const fn = manifest.functions[0];
    expect(fn.name).toBe("searchKnowledge");
    expect(fn.states.reasoning.instructions.length).toBeGreaterThan(2);
    expect(fn.capabilities.security_info).toEqual({ data_handling: ["GetPrivateData"] });
    const semantics = fn.capabilities.response_semantics;
    expect(semantics.data_path).toBe("$.results");
    expect(semantics.properties).toEqual({ title: "$.title", subtitle: "$.citation", url: "$.url" });
    const card = semantics.static_template;
    expect(card.type).toBe("AdaptiveCard");
    const texts = card.body.map((block: Json) => block.text);
    expect(texts).toEqual(expect.arrayContaining(["${title}", "${snippet}", "${citation}"]));
    expect(card.actions).toEqual([{ type: "Action.OpenUrl", title: "Open source", url: "${url}" }]);
  });

  it("draws conversation starters from the published collections' documents", async () => {
    const manifest = await fetchJson(manifestGet, "/api/copilot/ai-plugin.json");
    const starters: string[] = manifest.capabilities.conversation_starters.map((s: Json) => s.text);
    expect(starters.length).toBeGreaterThan(0);
    expect(starters.length).toBeLessThanOrEqual(6);
    // Section headings of the ingested documents: "Section 1" of the pump manual, "Vacation Policy" …
    expect(starters.join(" ")).toMatch(/pump manual|handbook|travel/i);
    expect(starters.join(" ")).not.toMatch(/payroll/i); // the unpublished collection's document
  });

  it("every function name is an operationId of the served OpenAPI document", async () => {
    const manifest = await fetchJson(manifestGet, "/api/copilot/ai-plugin.json");
    const openApi = await fetchJson(openApiGet, "/api/copilot/openapi.json");
    const ids = operationIds(openApi);
    for (const fn of manifest.functions) expect(ids).toContain(fn.name);
    expect(validateManifest(manifest, openApi)).toEqual({ valid: true, errors: [] });
  });

  it("with COPILOT_API_KEY set, uses ApiKeyPluginVault with the configured reference id", async () => {
    setEnv({ COPILOT_API_KEY: KEY, COPILOT_API_KEY_REFERENCE_ID: REFERENCE_ID });
    try {
      const manifest = await fetchJson(manifestGet, "/api/copilot/ai-plugin.json");
      expect(validateOfficial(manifest), JSON.stringify(validateOfficial.errors)).toBe(true);
      expect(manifest.runtimes[0].auth).toEqual({ type: "ApiKeyPluginVault", reference_id: REFERENCE_ID });
      expect(JSON.stringify(manifest)).not.toContain(KEY);
      const openApi = await fetchJson(openApiGet, "/api/copilot/openapi.json");
      expect(openApi.components.securitySchemes).toEqual({ copilotApiKey: expect.objectContaining({ type: "http", scheme: "bearer" }) });
      expect(openApi.paths["/api/copilot/search"].get.security).toEqual([{ copilotApiKey: [] }]);
      expect(await openApiErrors(openApi)).toBeNull();
    } finally {
      setEnv({ COPILOT_API_KEY: undefined, COPILOT_API_KEY_REFERENCE_ID: undefined });
    }
  });

  it("the validator the Integrations page shows catches what Microsoft would refuse", async () => {
    const manifest = await fetchJson(manifestGet, "/api/copilot/ai-plugin.json");
    const openApi = await fetchJson(openApiGet, "/api/copilot/openapi.json");
    const broken: Json = { ...manifest, localization: {}, functions: [{ ...manifest.functions[0], name: "search" }] };
    delete broken.namespace;
    const { valid, errors } = validateManifest(broken, openApi);
    expect(valid).toBe(false);
    expect(errors.join("\n")).toMatch(/namespace/);
    expect(errors.join("\n")).toMatch(/allowed values|propertyNames|property name/i);
    expect(errors.join("\n")).toMatch(/"search" is no operationId/);
    // ApiKeyPluginVault without a reference id is refused by the official schema itself.
    const noReference = { ...manifest, runtimes: [{ ...manifest.runtimes[0], auth: { type: "ApiKeyPluginVault" } }] };
    expect(validateOfficial(noReference)).toBe(false);
    expect(validateManifest(noReference, openApi).valid).toBe(false);
  });
});

describe("OpenAPI document (GET /api/copilot/openapi.json)", () => {
  it("passes a real OpenAPI validator", async () => {
    const openApi = await fetchJson(openApiGet, "/api/copilot/openapi.json");
    expect(openApi.openapi).toMatch(/^3\.0\.\d+$/);
    expect(await openApiErrors(openApi)).toBeNull();
  });

  it("has servers set to the request's origin, or to PUBLIC_BASE_URL when set", async () => {
    expect((await fetchJson(openApiGet, "/api/copilot/openapi.json")).servers).toEqual([{ url: ORIGIN }]);
    const forwarded = await get(openApiGet, "/api/copilot/openapi.json", {
      "x-forwarded-host": "docs.example.org",
      "x-forwarded-proto": "https",
    });
    expect(((await forwarded.json()) as Json).servers).toEqual([{ url: "https://docs.example.org" }]);
    setEnv({ PUBLIC_BASE_URL: "https://docchat.example.com/" });
    try {
      expect((await fetchJson(openApiGet, "/api/copilot/openapi.json")).servers).toEqual([{ url: "https://docchat.example.com" }]);
      const manifest = await fetchJson(manifestGet, "/api/copilot/ai-plugin.json");
      expect(manifest.runtimes[0].spec.url).toBe("https://docchat.example.com/api/copilot/openapi.json");
    } finally {
      setEnv({ PUBLIC_BASE_URL: undefined });
    }
  });

  it("describes one searchKnowledge operation within the API-plugin limits", async () => {
    const openApi = await fetchJson(openApiGet, "/api/copilot/openapi.json");
    expect(operationIds(openApi)).toEqual(["searchKnowledge"]);
    const operation = openApi.paths["/api/copilot/search"].get;
    expect(operation.description.length).toBeGreaterThan(20);
    expect(operation.requestBody).toBeUndefined();
    expect(operation.parameters.map((p: Json) => p.name)).toEqual(["query", "collection", "top"]);
    for (const parameter of operation.parameters) {
      expect(parameter.in).toBe("query");
      expect(parameter.description.length, parameter.name).toBeGreaterThan(10);
      expect(["string", "integer"]).toContain(parameter.schema.type);
    }
    expect(operation.parameters[2].schema).toMatchObject({ maximum: 25 });
    expect(operation.parameters[1].description).toContain("Available: handbook, manual.");
    expect(JSON.stringify(openApi)).not.toContain("secret");
    const keys = keysOf(openApi);
    for (const banned of ["oneOf", "allOf", "anyOf"]) expect(keys.has(banned), banned).toBe(false);
    const ok = operation.responses["200"].content["application/json"];
    expect(ok.example.results.length).toBeGreaterThan(0);
    expect(openApi.components.schemas.SearchResponse.properties.results.maxItems).toBe(25);
    expect(Object.keys(openApi.components.schemas.SearchResult.properties)).toEqual(
      expect.arrayContaining(["title", "snippet", "citation", "url", "file_name", "page_number", "score"]),
    );
  });
});

describe("app package (GET /api/copilot/app-package.zip)", () => {
  async function unpack(): Promise<Record<string, Uint8Array>> {
    const response = await get(packageGet, "/api/copilot/app-package.zip");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="docchat-copilot\.zip"/);
    return unzipSync(new Uint8Array(await response.arrayBuffer()));
  }
  const parse = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name])) as Json;

  it("holds the Teams manifest, the declarative agent, the plugin, the OpenAPI document and two icons", async () => {
    const files = await unpack();
    expect(Object.keys(files).sort()).toEqual(Object.values(PACKAGE_FILES).sort());

    const teams = parse(files, "manifest.json");
    expect(teams.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(teams.icons).toEqual({ color: "color.png", outline: "outline.png" });
    expect(teams.name.short.length).toBeLessThanOrEqual(30);
    expect(teams.description.short.length).toBeLessThanOrEqual(80);
    expect(teams.copilotAgents.declarativeAgents).toEqual([{ id: expect.any(String), file: "declarativeAgent.json" }]);
    expect(teams.validDomains).toEqual(["docchat.test"]);
    // The same deployment keeps its app id, so a new package updates the installed app.
    expect(parse(await unpack(), "manifest.json").id).toBe(teams.id);

    const agent = parse(files, "declarativeAgent.json");
    expect(agent.name).toBe("DocChat");
    expect(agent.description.length).toBeGreaterThan(10);
    expect(agent.instructions).toContain("searchKnowledge");
    expect(agent.conversation_starters.length).toBeGreaterThan(0);
    expect(agent.conversation_starters.length).toBeLessThanOrEqual(6);
    expect(agent.actions).toEqual([{ id: expect.any(String), file: "ai-plugin.json" }]);

    const plugin = parse(files, "ai-plugin.json");
    expect(validateOfficial(plugin), JSON.stringify(validateOfficial.errors)).toBe(true);
    expect(plugin.runtimes[0].spec.url).toBe("openapi.json");
    const openApi = parse(files, "openapi.json");
    expect(await openApiErrors(openApi)).toBeNull();
    expect(openApi.servers).toEqual([{ url: ORIGIN }]);
    expect(validateManifest(plugin, openApi).valid).toBe(true);
  });

  it("passes Microsoft's offline validation: Teams manifest v1.30 and declarative agent v1.8, as @microsoft/app-manifest checks them", async () => {
    const files = await unpack();
    const teams = parse(files, "manifest.json");
    const agent = parse(files, "declarativeAgent.json");
    expect(teams.manifestVersion).toBe("1.30");
    expect(agent.version).toBe("v1.8");
    for (const [document, schema] of [
      [teams, "teams-manifest-v1.30.schema.json"],
      [agent, "declarative-agent-v1.8.schema.json"],
    ] as const) {
      expect(schemaFile(schema).$schema).toBe("http://json-schema.org/draft-04/schema#");
      expect(document.$schema).toMatch(/^https:\/\/developer\.microsoft\.com\/json-schemas\//);
      expect(appManifestErrors(document, schemaFile(schema)), schema).toEqual([]);
    }
    expect(teams.developer).toMatchObject({ privacyUrl: LINKS.COPILOT_PRIVACY_URL, termsOfUseUrl: LINKS.COPILOT_TERMS_URL });
  });

  it("keeps its version while its content is the same, and takes the next one when it changes", async () => {
    const version = async () => parse(await unpack(), "manifest.json").version as string;
    const first = await version();
    expect(first).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await version()).toBe(first);
    await publish(["handbook"]);
    try {
      const next = await version();
      expect(next.split(".").map(Number)).toEqual([...first.split(".").slice(0, 2).map(Number), Number(first.split(".")[2]) + 1]);
      expect(await version()).toBe(next);
    } finally {
      await publish(["handbook", "manual"]);
    }
  });

  it("is refused, with the reason, when Microsoft 365 would refuse it", async () => {
    const refused = async () => {
      const response = await get(packageGet, "/api/copilot/app-package.zip");
      return { status: response.status, error: ((await response.json()) as Json).error as string };
    };
    setEnv({ COPILOT_PRIVACY_URL: undefined });
    try {
      expect(await refused()).toEqual({ status: 409, error: expect.stringMatching(/COPILOT_PRIVACY_URL and COPILOT_TERMS_URL/) });
    } finally {
      setEnv(LINKS);
    }
    setEnv({ COPILOT_API_KEY: KEY, COPILOT_API_KEY_REFERENCE_ID: undefined });
    try {
      expect(await refused()).toEqual({ status: 409, error: expect.stringMatching(/COPILOT_API_KEY_REFERENCE_ID/) });
      const manifest = await get(manifestGet, "/api/copilot/ai-plugin.json");
      expect(manifest.status).toBe(409);
      expect(((await manifest.json()) as Json).error).toMatch(/would fail Microsoft's schema: .*reference/);
    } finally {
      setEnv({ COPILOT_API_KEY: undefined });
    }
    await publish([]);
    try {
      expect(await refused()).toEqual({ status: 409, error: expect.stringMatching(/No collection is published for Copilot/) });
    } finally {
      await publish(["handbook", "manual"]);
    }
  });

  it("has real PNG icons: colour 192×192, outline 32×32 white on transparent", async () => {
    const files = await unpack();
    const color = PNG.sync.read(Buffer.from(files["color.png"]));
    expect([color.width, color.height]).toEqual([192, 192]);
    const outline = PNG.sync.read(Buffer.from(files["outline.png"]));
    expect([outline.width, outline.height]).toEqual([32, 32]);

    const pixels = (png: PNG) => Array.from({ length: png.width * png.height }, (_, i) => [...png.data.subarray(i * 4, i * 4 + 4)]);
    // Colour: opaque everywhere, and more than one colour (a logo, not a blank square).
    const colorPixels = pixels(color);
    expect(colorPixels.every(([, , , a]) => a === 255)).toBe(true);
    expect(new Set(colorPixels.map((p) => p.join())).size).toBeGreaterThan(2);
    // Outline: every visible pixel white, the rest transparent; both kinds present.
    const outlinePixels = pixels(outline);
    expect(outlinePixels.filter(([r, g, b, a]) => a > 0 && (r !== 255 || g !== 255 || b !== 255))).toEqual([]);
    const opaque = outlinePixels.filter(([, , , a]) => a === 255).length;
    const clear = outlinePixels.filter(([, , , a]) => a === 0).length;
    expect(opaque).toBeGreaterThan(40);
    expect(clear).toBeGreaterThan(400);
  });
});
