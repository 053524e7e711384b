import { randomUUID } from "node:crypto";
import { z } from "zod";
import { signedInUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { adminToken, heldTokenRole } from "./access";
import { AUDIT_ACTIONS, type AuditAction, type AuditEventView } from "./audit-actions";

export { AUDIT_ACTIONS, AuditEventView, type AuditAction } from "./audit-actions";

/**
 * The audit trail: who uploaded, deleted, changed access or settings, managed accounts and API
 * keys, and when. Route handlers call `audit(request, action, target, details)` once their write
 * succeeded; the actor is read from the request here, in one place. A failed audit write is
 * logged and never fails the action it records.
 */

export interface Actor {
  /** "user:<id>", "admin token", "chat token", "local", "system" (the app's own upkeep) or "anonymous". */
  actor: string;
  /** The person's e-mail, else the same as `actor`. */
  actorName: string;
  via: "session" | "api-key" | "token" | "local" | "invite" | "first-run" | "sso" | "system" | "anonymous";
}

export const LOCAL_ACTOR: Actor = { actor: "local", actorName: "local", via: "local" };
/** The app itself, doing its own upkeep (pruning the trail past its retention). */
export const SYSTEM_ACTOR: Actor = { actor: "system", actorName: "system", via: "system" };

/** A person, named by their e-mail as it is now (the row keeps it should the account go); never throws. */
export async function personActor(userId: string, via: Actor["via"]): Promise<Actor> {
  const user = await db()
    .user.findUnique({ where: { id: userId }, select: { email: true } })
    .catch(() => null);
  return { actor: `user:${userId}`, actorName: user?.email ?? userId, via };
}

/** A shared token (no person behind it). */
export const tokenActor = (role: "admin" | "user" | "editor"): Actor =>
  role === "admin"
    ? { actor: "admin token", actorName: "admin token", via: "token" }
    : { actor: "chat token", actorName: "chat token", via: "token" };

/** Who a request acts for: its person (session or API key), else its shared token, else the single local user. */
export async function actorOf(request: Request): Promise<Actor> {
  const user = await signedInUser(request);
  if (user) return personActor(user.id, user.via);
  const token = heldTokenRole(request);
  if (token) return tokenActor(token);
  // No ADMIN_TOKEN: the single-user default, where whoever reaches the loopback app is its owner.
  if (!adminToken()) return LOCAL_ACTOR;
  return { actor: "anonymous", actorName: "anonymous", via: "anonymous" };
}

const SECRET_KEY = /pass(word)?|secret|token|api_?key|credential/i;

/** Details without secrets: a secret field reads "(changed)" or "(removed)", never its value. */
export function redacted(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(details)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, SECRET_KEY.test(key) ? (value ? "(changed)" : "(removed)") : value]),
  );
}

export type AuditDetails = Record<string, unknown>;

/** Records an event as `actor`. Never throws: a failure is logged and the action stands. */
export async function auditAs(actor: Actor, action: AuditAction, target: string | null = null, details: AuditDetails = {}): Promise<void> {
  try {
    await db().auditEvent.create({
      data: {
        id: randomUUID(),
        actor: actor.actor,
        actorName: actor.actorName,
        via: actor.via,
        action,
        target,
        details: JSON.stringify(redacted(details)),
      },
    });
  } catch (error) {
    log("error", "audit_write_failed", { action, target, actor: actor.actor, error });
  }
}

/** Records an event done by the request's actor (see actorOf). Never throws. */
export async function audit(
  request: Request,
  action: AuditAction,
  target: string | null = null,
  details: AuditDetails = {},
): Promise<void> {
  let actor: Actor;
  try {
    actor = await actorOf(request);
  } catch (error) {
    log("error", "audit_actor_unknown", { action, target, error });
    actor = { actor: "unknown", actorName: "unknown", via: "anonymous" };
  }
  await auditAs(actor, action, target, details);
}

export const AuditQuery = z.object({
  /** An actor ("user:<id>", "admin token", "local" …) or a person's e-mail. */
  actor: z.string().trim().max(300).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Events before this time (ISO 8601): the next page after the last event shown. */
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

const parseDetails = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Events, newest first, filtered by actor and action. */
export async function listAudit(query: AuditQuery): Promise<AuditEventView[]> {
  const rows = await db().auditEvent.findMany({
    where: {
      ...(query.actor ? { OR: [{ actor: query.actor }, { actorName: query.actor }] } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.before ? { createdAt: { lt: new Date(query.before) } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit,
  });
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actor,
    actor_name: row.actorName,
    via: row.via,
    action: row.action,
    target: row.target,
    details: parseDetails(row.details),
  }));
}

/** Everyone who appears in the trail (for the filter), by name. */
export async function auditActors(): Promise<{ actor: string; actor_name: string }[]> {
  const rows = await db().auditEvent.groupBy({ by: ["actor", "actorName"], orderBy: { actorName: "asc" } });
  const seen = new Map(rows.map((row) => [row.actor, row.actorName]));
  return [...seen].map(([actor, actor_name]) => ({ actor, actor_name }));
}
