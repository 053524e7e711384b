import { readFileSync } from "node:fs";
import path from "node:path";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { activeIngestor } from "@/lib/knowledge";
import { resetConfig } from "@/lib/config";
import { resetCopilotPublishingCache, updateCopilotPublishing } from "@/lib/copilot/publishing";
import { ingestAndWait } from "../helpers/jobs";
import { makePdf, writeTemp } from "../helpers/files";
import { freshEriDataDir, ingestHandbook } from "../eri/knowledge-fixture";

/** What the Copilot tests share: a knowledge base with real documents, and the official schema. */

export const ORIGIN = "http://docchat.test:3000";
export const MANUAL_PAGES = 30;

/**
 * "handbook" (a 3-page PDF and a Markdown file), "secret", and "manual": a 30-page PDF whose
 * every page mentions the maintenance interval, so one query matches more pages than Copilot shows.
 */
export async function knowledgeBase(): Promise<void> {
  await freshEriDataDir();
  await ingestHandbook();
  await activeIngestor().createCollection("manual", "Machine manual");
  const pages = Array.from(
    { length: MANUAL_PAGES },
    (_, i) => `Section ${i + 1}\nThe maintenance interval for pump unit ${i + 1} is ${i + 2} months. Inspect the seals of pump ${i + 1}.`,
  );
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-copilot-"));
  const { status } = await ingestAndWait("manual", [writeTemp(tmp, "pump_manual.pdf", await makePdf(pages))]);
  if (!status.is_success) throw new Error(`ingestion failed: ${JSON.stringify(status.file_details)}`);
}

/** Publishes these collections to Copilot, as an admin does under Integrations. */
export async function publish(collections: string[]): Promise<void> {
  resetCopilotPublishingCache();
  await updateCopilotPublishing({ published: collections });
}

/** Sets (or, with undefined, clears) Copilot settings in the environment. */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfig();
}

type Handler = (request: Request) => Promise<Response>;
export async function get(handler: Handler, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Response> {
  return handler(new Request(`${ORIGIN}${pathAndQuery}`, { headers }));
}

/** Microsoft's published schema (shared/), else the vendored copy, validated as GUIDE §2 says. */
export function officialManifestValidator() {
  const shared = path.resolve(import.meta.dirname, "..", "..", "..", "shared", "schemas", "copilot-plugin-manifest-v2.2.schema.json");
  const vendored = path.resolve(import.meta.dirname, "..", "..", "lib", "copilot", "plugin-manifest-v2.2.schema.json");
  let text: string;
  try {
    text = readFileSync(shared, "utf8");
  } catch {
    text = readFileSync(vendored, "utf8");
  }
  const schema = JSON.parse(text) as Record<string, unknown>;
  delete schema.$schema;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(schema);
}
