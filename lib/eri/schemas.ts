import { z } from "zod";

/**
 * ERI v1 wire types (specs/eri-v1.openapi.json), field for field. AI Studio deserializes with
 * unmapped members disallowed, so every response object is `.strict()`: a stray key fails
 * our own parse before it can fail AI Studio's. Nullable fields mirror the spec; this server
 * still never sends a null array.
 */

export const AuthField = z.enum(["NONE", "USERNAME", "PASSWORD", "TOKEN", "KERBEROS_TICKET"]);
export const AuthMethod = z.enum(["NONE", "KERBEROS", "USERNAME_PASSWORD", "TOKEN"]);
export const ProviderType = z.enum(["NONE", "ANY", "SELF_HOSTED"]);
export type AuthMethod = z.infer<typeof AuthMethod>;
export type ProviderType = z.infer<typeof ProviderType>;

/** The spec spells UNKNOWN here… */
export const ContentType = z.enum(["NONE", "UNKNOWN", "TEXT", "IMAGE", "VIDEO", "AUDIO", "SPEECH"]);
/** …and UNKNOW here (early AI Studio versions). Both spellings are accepted on input. */
export const Role = z.enum(["NONE", "UNKNOW", "SYSTEM", "USER", "AI", "AGENT"]);
export type ContentType = z.infer<typeof ContentType>;
export type Role = z.infer<typeof Role>;

/** Input-side enums: either spelling of "unknown" maps to the spec's own spelling for that enum. */
const lenientContentType = z.preprocess((v) => (v === "UNKNOW" ? "UNKNOWN" : v), ContentType);
const lenientRole = z.preprocess((v) => (v === "UNKNOWN" ? "UNKNOW" : v), Role);

// ─── Responses (strict) ────────────────────────────────────────────

export const AuthFieldMapping = z.object({ authField: AuthField, fieldName: z.string().nullable() }).strict();

export const AuthScheme = z.object({ authMethod: AuthMethod, authFieldMappings: z.array(AuthFieldMapping).nullable() }).strict();
export type AuthScheme = z.infer<typeof AuthScheme>;

/** Also the body of every ERI error answer (`{success: false, message}`). */
export const AuthResponse = z.object({ success: z.boolean(), token: z.string().nullish(), message: z.string().nullish() }).strict();
export type AuthResponse = z.infer<typeof AuthResponse>;

export const DataSourceInfo = z.object({ name: z.string().nullable(), description: z.string().nullable() }).strict();
export type DataSourceInfo = z.infer<typeof DataSourceInfo>;

export const EmbeddingInfo = z
  .object({
    embeddingType: z.string().nullable(),
    embeddingName: z.string().nullable(),
    description: z.string().nullable(),
    usedWhen: z.string().nullable(),
    link: z.string().nullable(),
  })
  .strict();
export type EmbeddingInfo = z.infer<typeof EmbeddingInfo>;

export const RetrievalInfo = z
  .object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    link: z.string().nullable(),
    parametersDescription: z.record(z.string(), z.string()).nullable(),
    embeddings: z.array(EmbeddingInfo).nullable(),
  })
  .strict();
export type RetrievalInfo = z.infer<typeof RetrievalInfo>;

export const Context = z
  .object({
    name: z.string().nullable(),
    category: z.string().nullable(),
    path: z.string().nullable(),
    type: ContentType,
    matchedContent: z.string().nullable(),
    surroundingContent: z.array(z.string()).nullable(),
    links: z.array(z.string()).nullable(),
  })
  .strict();
export type Context = z.infer<typeof Context>;

export const SecurityRequirements = z.object({ allowedProviderType: ProviderType }).strict();
export type SecurityRequirements = z.infer<typeof SecurityRequirements>;

export const AuthSchemes = z.array(AuthScheme);
export const EmbeddingInfos = z.array(EmbeddingInfo);
export const RetrievalInfos = z.array(RetrievalInfo);
export const Contexts = z.array(Context);

// ─── Request (lenient) ─────────────────────────────────────────────
// Input is parsed leniently on purpose: unknown keys are ignored (a newer client may add
// fields), every field may be missing or null, and both spellings of "unknown" pass.

export const ContentBlock = z.object({
  content: z.string().nullish(),
  role: lenientRole.nullish(),
  type: lenientContentType.nullish(),
});

export const ChatThread = z.object({ contentBlocks: z.array(ContentBlock).nullish() });

export const RetrievalRequest = z.object({
  latestUserPrompt: z.string().max(100_000).nullish(),
  latestUserPromptType: lenientContentType.nullish(),
  thread: ChatThread.nullish(),
  retrievalProcessId: z.string().nullish(),
  parameters: z.record(z.string(), z.string()).nullish(),
  maxMatches: z.number().int().min(-2_147_483_648).max(2_147_483_647).nullish(),
});
export type RetrievalRequest = z.infer<typeof RetrievalRequest>;

// ─── What this app accepts from remote ERI servers (client side) ───
// Remote servers are not ours to fix: tolerate extra keys, nulls and unknown enum values,
// keep only what we use.

export const RemoteAuthScheme = z.object({
  authMethod: z.string(),
  authFieldMappings: z.array(z.object({ authField: z.string().nullish(), fieldName: z.string().nullish() })).nullish(),
});
export const RemoteAuthResponse = z.object({
  success: z.boolean().nullish(),
  token: z.string().nullish(),
  message: z.string().nullish(),
});
export const RemoteDataSourceInfo = z.object({ name: z.string().nullish(), description: z.string().nullish() });
export const RemoteSecurityRequirements = z.object({ allowedProviderType: z.string().nullish() });
export const RemoteRetrievalInfo = z.object({
  id: z.string().nullish(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  link: z.string().nullish(),
  parametersDescription: z.record(z.string(), z.string().nullish()).nullish(),
  embeddings: z.array(z.object({ embeddingName: z.string().nullish(), embeddingType: z.string().nullish() })).nullish(),
});
export const RemoteContext = z.object({
  name: z.string().nullish(),
  category: z.string().nullish(),
  path: z.string().nullish(),
  type: z.string().nullish(),
  matchedContent: z.string().nullish(),
  surroundingContent: z.array(z.string().nullish()).nullish(),
  links: z.array(z.string().nullish()).nullish(),
});
export type RemoteRetrievalInfo = z.infer<typeof RemoteRetrievalInfo>;
export type RemoteContext = z.infer<typeof RemoteContext>;
