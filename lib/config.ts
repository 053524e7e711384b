import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseS3Url, type S3Location } from "@/lib/storage/s3";

/** The words ERI_ALLOWED_NETWORKS takes besides IP ranges (lib/security/outbound.ts). */
export const NETWORK_KEYWORDS = ["all", "public", "private", "loopback", "link-local"] as const;

function isNetworkEntry(entry: string): boolean {
  if ((NETWORK_KEYWORDS as readonly string[]).includes(entry)) return true;
  const [base, prefix, extra] = entry.split("/");
  const family = isIP(base);
  return extra === undefined && family !== 0 && /^\d{1,3}$/.test(prefix ?? "") && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Every setting the app reads, with its default. `.env.example` documents the same list.
 * Read lazily (not at import) so tests can point DATA_DIR elsewhere before first use.
 */
const envSchema = z.object({
  // A Vercel function may write only under /tmp.
  DATA_DIR: z.string().default(process.env.VERCEL ? "/tmp/docchat" : "./data"),
  DATABASE_URL: z.string().optional(),
  LANCEDB_URI: z.string().optional(),
  UPLOAD_DIR: z.string().optional(),
  // Originals in S3-compatible object storage instead of UPLOAD_DIR: s3://bucket/prefix.
  ORIGINALS_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^s3:\/\//, "ORIGINALS_URL must be s3://bucket/prefix")
      .optional(),
  ),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  AWS_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(50),
  KNOWLEDGE_BACKEND: z.string().default("lancedb"),
  // Six lanes for two PDF workers: while lanes embed and write files on the main thread, files
  // wait in the PDF pool's queue, so a worker that finishes one starts the next at once.
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(6),
  // "" (an empty line in .env) means unset, not 0.
  PARSE_WORKERS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(64).optional()),
  // OCR (images, scanned PDF pages): tesseract.js worker threads (0 = no OCR) and a per-page limit.
  OCR_WORKERS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(16).optional()),
  OCR_PAGE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  OCR_MAX_PAGES: z.coerce.number().int().min(0).default(300),
  // A vision-capable chat model (on the OpenAI-compatible server) that captions uploaded images.
  VISION_MODEL: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  CHUNK_TOKENS: z.coerce.number().int().min(64).max(4096).default(256),
  CHUNK_OVERLAP: z.coerce.number().int().min(0).max(1024).default(32),
  EMBEDDER: z.enum(["local", "openai"]).optional(),
  EMBEDDING_MODEL: z.string().optional(),
  EMBEDDING_DIMENSIONS: z.coerce.number().int().positive().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().optional(),
  AZURE_OPENAI_ENDPOINT: z.string().optional(),
  AZURE_OPENAI_API_VERSION: z.string().default("2024-10-21"),
  CHAT_MODEL: z.string().default("gpt-4o-mini"),
  CHAT_MODEL_SELF_HOSTED: z.enum(["true", "false"]).default("false"),
  CHAT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  CHAT_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  // The chat model's context window in tokens (gpt-4o-mini's by default): prompts are fitted to it.
  CHAT_CONTEXT_TOKENS: z.coerce.number().int().min(1024).default(128_000),
  CHAT_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  CHAT_RETRY_MAX_WAIT_MS: z.coerce.number().int().min(0).default(20_000),
  APP_SECRET: z.string().optional(),
  // "" (an empty line in .env) means unset for these too.
  PUBLIC_BASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  COPILOT_API_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16, "must be at least 16 characters").optional()),
  COPILOT_API_KEY_REFERENCE_ID: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  // The publisher's privacy statement and terms of use, linked from the Copilot app package.
  COPILOT_PRIVACY_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https$/ }).optional()),
  COPILOT_TERMS_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https$/ }).optional()),
  // Files one upload request may carry.
  MAX_UPLOAD_FILES: z.coerce.number().int().min(1).max(100_000).default(1000),
  // Days the audit trail keeps a row; older rows are pruned daily. 0 keeps them for ever.
  AUDIT_RETENTION_DAYS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(36_500).default(365)),
  // Where remote ERI sources may be (lib/security/outbound.ts): keywords and IP ranges.
  ERI_ALLOWED_NETWORKS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (list) => list.length > 0 && list.every(isNetworkEntry),
        `use ${NETWORK_KEYWORDS.join(", ")} or IP ranges such as 10.1.0.0/16, comma-separated`,
      )
      .optional(),
  ),
});

export type AppConfig = ReturnType<typeof loadConfig>;

/** A setting the app cannot run with; its message names the variable and what is wrong. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof envSchema> {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
}

function loadConfig(env: NodeJS.ProcessEnv) {
  const raw = parseEnv(env);
  const dataDir = path.resolve(/*turbopackIgnore: true*/ raw.DATA_DIR);
  const hasModel = Boolean(raw.OPENAI_API_KEY || raw.OPENAI_BASE_URL || raw.AZURE_OPENAI_ENDPOINT);
  const embedder = raw.EMBEDDER ?? (hasModel && raw.OPENAI_API_KEY ? "openai" : "local");
  return {
    dataDir,
    databaseUrl: raw.DATABASE_URL ?? `file:${path.join(dataDir, "app.db")}`,
    lancedbUri: raw.LANCEDB_URI ?? path.join(dataDir, "lancedb"),
    uploadDir: path.resolve(/*turbopackIgnore: true*/ raw.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    /** Where originals live when not on local disk (UPLOAD_DIR); null: local disk. */
    objectStore: objectStoreOf(raw),
    /** LanceDB's bucket when LANCEDB_URI is `s3://…` (checked at start for conditional writes); null otherwise. */
    lancedbStore: raw.LANCEDB_URI?.startsWith("s3://") ? s3LocationOf(raw, raw.LANCEDB_URI, "LANCEDB_URI") : null,
    maxUploadBytes: raw.MAX_UPLOAD_MB * 1024 * 1024,
    maxUploadMb: raw.MAX_UPLOAD_MB,
    knowledgeBackend: raw.KNOWLEDGE_BACKEND,
    ingestConcurrency: raw.INGEST_CONCURRENCY,
    /** PDF parser worker threads: at most one per core; 0 parses on the main thread. */
    parseWorkers: Math.min(raw.PARSE_WORKERS ?? Infinity, os.availableParallelism()),
    /** OCR worker threads (each holds ~100 MB of model): at most one per core, 2 by default. */
    ocrWorkers: Math.min(raw.OCR_WORKERS ?? 2, os.availableParallelism()),
    ocrPageTimeoutMs: raw.OCR_PAGE_TIMEOUT_MS,
    /** Scanned pages OCR'd per PDF; later pages without a text layer stay unsearchable. */
    ocrMaxPages: raw.OCR_MAX_PAGES,
    /** Captions images when set and a model server is configured; null: OCR text only. */
    visionModel: hasModel && raw.VISION_MODEL ? raw.VISION_MODEL : null,
    chunkTokens: raw.CHUNK_TOKENS,
    chunkOverlap: Math.min(raw.CHUNK_OVERLAP, Math.floor(raw.CHUNK_TOKENS / 2)),
    embedder,
    embeddingModel: raw.EMBEDDING_MODEL ?? (embedder === "openai" ? "text-embedding-3-small" : "local-hash-v1"),
    embeddingDimensions: raw.EMBEDDING_DIMENSIONS,
    openai: {
      apiKey: raw.OPENAI_API_KEY,
      baseURL: raw.OPENAI_BASE_URL,
      azureEndpoint: raw.AZURE_OPENAI_ENDPOINT,
      azureApiVersion: raw.AZURE_OPENAI_API_VERSION,
    },
    chatModel: hasModel ? raw.CHAT_MODEL : null,
    chatModelSelfHosted: raw.CHAT_MODEL_SELF_HOSTED === "true",
    /** Time to the model's first byte (headers and first chunk). */
    chatTimeoutMs: raw.CHAT_TIMEOUT_MS,
    /** Longest silence between two chunks of a model stream once it has started. */
    chatIdleTimeoutMs: raw.CHAT_IDLE_TIMEOUT_MS,
    /** The model's context window: the prompt plus room for the answer fit in it. */
    chatContextTokens: raw.CHAT_CONTEXT_TOKENS,
    /** Retries of a transient model failure (429, 5xx, a dropped connection) before any answer text. */
    chatMaxRetries: raw.CHAT_MAX_RETRIES,
    /** The longest wait before such a retry; a server asking for longer is not retried. */
    chatRetryMaxWaitMs: raw.CHAT_RETRY_MAX_WAIT_MS,
    appSecret: raw.APP_SECRET,
    /** Where clients outside reach this app (no trailing slash); null: as each request reached it. */
    publicBaseUrl: raw.PUBLIC_BASE_URL ? raw.PUBLIC_BASE_URL.replace(/\/+$/, "") : null,
    /** Files one upload request may carry. */
    maxUploadFiles: raw.MAX_UPLOAD_FILES,
    /** Days an audit row is kept (lib/security/housekeeping.ts); null: for ever. */
    auditRetentionDays: raw.AUDIT_RETENTION_DAYS === 0 ? null : raw.AUDIT_RETENTION_DAYS,
    /** ERI_ALLOWED_NETWORKS; null: the default for the mode (lib/security/outbound.ts). */
    eriAllowedNetworks: raw.ERI_ALLOWED_NETWORKS ?? null,
    copilot: {
      apiKey: raw.COPILOT_API_KEY ?? null,
      apiKeyReferenceId: raw.COPILOT_API_KEY_REFERENCE_ID?.trim() || null,
      privacyUrl: raw.COPILOT_PRIVACY_URL ?? null,
      termsUrl: raw.COPILOT_TERMS_URL ?? null,
    },
  };
}

/** The same credentials, region and endpoint LanceDB reads for `s3://` URIs. */
function objectStoreOf(raw: z.infer<typeof envSchema>): S3Location | null {
  return raw.ORIGINALS_URL ? s3LocationOf(raw, raw.ORIGINALS_URL, "ORIGINALS_URL") : null;
}

function s3LocationOf(raw: z.infer<typeof envSchema>, url: string, setting: string): S3Location {
  if (!raw.AWS_ACCESS_KEY_ID || !raw.AWS_SECRET_ACCESS_KEY) {
    throw new ConfigError(`Invalid configuration: ${setting} needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`);
  }
  return {
    ...parseS3Url(url),
    region: raw.AWS_REGION ?? raw.AWS_DEFAULT_REGION ?? "us-east-1",
    endpoint: raw.AWS_ENDPOINT ?? null,
    accessKeyId: raw.AWS_ACCESS_KEY_ID,
    secretAccessKey: raw.AWS_SECRET_ACCESS_KEY,
    sessionToken: raw.AWS_SESSION_TOKEN,
  };
}

interface ConfigState {
  cached?: AppConfig;
  /** Settings saved in the app (lib/models/settings.ts): they fill what the environment leaves unset. */
  stored: Record<string, string>;
}
/**
 * One state per process, not per module copy: Next.js bundles routes separately, and a model
 * saved through one (Settings → Model) must reach the ingest worker and the chat in the others.
 */
const state: ConfigState = ((globalThis as { __docchatConfig?: ConfigState }).__docchatConfig ??= { stored: {} });

export function config(): AppConfig {
  if (!state.cached) {
    const env = { ...process.env };
    for (const [key, value] of Object.entries(state.stored)) if (!env[key]) env[key] = value;
    state.cached = loadConfig(env);
  }
  return state.cached;
}

/** Replaces the settings saved in the app (environment variables still win). */
export function setStoredSettings(values: Record<string, string>): void {
  if (JSON.stringify(values) === JSON.stringify(state.stored)) return;
  state.stored = values;
  state.cached = undefined;
}

/** Tests change the environment between suites. */
export function resetConfig(): void {
  state.cached = undefined;
}

/**
 * Settings read on every use rather than cached with config(): credentials, single sign-on, the
 * names the server answers to, and who runs ingestion. Tokens are read per request, so a restart
 * with new values (or a test) rotates them without a config reset. Other modules read these
 * here, never process.env.
 */
export const LiveSettings = z.object({
  ADMIN_TOKEN: z.string().optional(),
  CHAT_TOKEN: z.string().optional(),
  AUTH_SECRET: z.string().optional(),
  CRON_SECRET: z.string().optional(),
  OIDC_ISSUER: z.string().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_GROUPS_CLAIM: z.string().optional(),
  OIDC_ADMIN_GROUP: z.string().optional(),
  OIDC_NAME: z.string().optional(),
  OIDC_SCOPES: z.string().optional(),
  ALLOWED_HOSTS: z.string().optional(),
  HOST: z.string().optional(),
  PUBLIC_BASE_URL: z.string().optional(),
  INGEST_WORKER: z.string().optional(),
});
export type LiveSetting = keyof typeof LiveSettings.shape;

/** A live setting, trimmed; null when unset or blank. */
export function liveSetting(name: LiveSetting, env: Record<string, string | undefined> = process.env): string | null {
  return env[name]?.trim() || null;
}

/** Whether the environment itself sets `name` (settings saved in the app fill only what it leaves unset). */
export const setInEnvironment = (name: string): boolean => Boolean(process.env[name]?.trim());

/** Serverless platforms end a process with its request (set by Vercel itself). */
export const onVercel = (env: Record<string, string | undefined> = process.env): boolean => Boolean(env.VERCEL);
