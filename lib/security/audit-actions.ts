import { z } from "zod";

/** What the audit trail records (lib/security/audit.ts), and how it is read: pure, so pages share it. */

export const AUDIT_ACTIONS = [
  "collection.create",
  "collection.delete",
  "files.upload",
  "files.delete",
  "files.reembed",
  "file.access_tag",
  "access.change",
  "settings.model",
  "settings.polymath",
  "settings.copilot",
  "settings.eri_server",
  "eri_source.create",
  "eri_source.update",
  "eri_source.delete",
  "polymath_token.create",
  "polymath_token.revoke",
  "user.create",
  "user.update",
  "user.disable",
  "user.enable",
  "api_key.create",
  "api_key.revoke",
  "invite.create",
  "invite.revoke",
  "invite.accept",
  "setup.first_admin",
  "auth.sign_in",
  "auth.sign_out",
  "session.end",
  "session.end_all",
  "audit.prune",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEventView = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  actor_name: z.string(),
  via: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEventView = z.infer<typeof AuditEventView>;
