import { z } from "zod";

/** Admin API shapes for remote ERI sources. The secret goes in, never out. */

export const SourceAuthMethod = z.enum(["NONE", "TOKEN", "USERNAME_PASSWORD"]);
export type SourceAuthMethod = z.infer<typeof SourceAuthMethod>;

/** http(s) only, no credentials or fragment in the URL; trailing slashes dropped. */
export const BaseUrl = z
  .string()
  .trim()
  .max(2000)
  .transform((raw, ctx) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      ctx.addIssue({ code: "custom", message: "Enter a full URL such as https://eri.example.com:8443" });
      return z.NEVER;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      ctx.addIssue({ code: "custom", message: "Only http and https URLs are allowed" });
      return z.NEVER;
    }
    if (url.username || url.password || url.search || url.hash) {
      ctx.addIssue({ code: "custom", message: "Leave credentials, query and fragment out of the URL" });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
  });

const fields = {
  name: z.string().trim().min(1, "Give the source a name").max(200),
  baseUrl: BaseUrl,
  authMethod: SourceAuthMethod,
  username: z.string().trim().max(200).nullable(),
  /** Password or token. Omitted on update: keep the stored one; "" or null: remove it. */
  secret: z.string().max(4000).nullable(),
  enabled: z.boolean(),
  /** Chat users (not only admins) may search it. */
  sharedWithUsers: z.boolean(),
  retrievalProcessId: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .transform((v) => v || null),
  maxMatches: z.number().int().min(1).max(50),
  timeoutMs: z.number().int().min(1000).max(60_000),
};

export const SourceCreate = z
  .object({
    ...fields,
    username: fields.username.optional(),
    secret: fields.secret.optional(),
    enabled: fields.enabled.default(true),
    sharedWithUsers: fields.sharedWithUsers.default(false),
    retrievalProcessId: fields.retrievalProcessId.optional(),
    maxMatches: fields.maxMatches.default(5),
    timeoutMs: fields.timeoutMs.default(8000),
  })
  .strict();
export type SourceCreate = z.infer<typeof SourceCreate>;

export const SourceUpdate = z.object(fields).partial().strict();
export type SourceUpdate = z.infer<typeof SourceUpdate>;

/** A connection test of unsaved settings; with `id`, an omitted secret means the stored one. */
export const SourceDraft = SourceCreate.omit({ sharedWithUsers: true }).extend({ id: z.string().max(100).optional() });
export type SourceDraft = z.infer<typeof SourceDraft>;

export const SourceSearchRequest = z
  .object({ query: z.string().trim().min(1, "query must not be empty").max(4000), top_k: z.number().int().min(1).max(50).default(5) })
  .strict();

export interface SourceStatus {
  ok: boolean;
  message: string;
  checkedAt: string | null;
}

export interface EriSourceView {
  id: string;
  name: string;
  baseUrl: string;
  authMethod: SourceAuthMethod;
  username: string | null;
  hasSecret: boolean;
  enabled: boolean;
  sharedWithUsers: boolean;
  retrievalProcessId: string | null;
  maxMatches: number;
  timeoutMs: number;
  lastStatus: SourceStatus | null;
  createdAt: string;
  updatedAt: string;
}

/** What "Test connection" found, step by step as AI Studio would go. */
export interface ConnectionReport {
  ok: boolean;
  elapsedMs: number;
  failedStep: "methods" | "auth" | "security" | "dataSource" | "retrievalInfo" | null;
  error: string | null;
  authMethods: string[];
  dataSource: { name: string | null; description: string | null } | null;
  securityRequirement: string | null;
  retrievalProcesses: { id: string | null; name: string | null; description: string | null; parameters: Record<string, string> }[];
}
