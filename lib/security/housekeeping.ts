import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { auditAs, SYSTEM_ACTOR } from "./audit";

/**
 * Daily upkeep of the security records: audit rows older than AUDIT_RETENTION_DAYS are pruned (the
 * prune itself is recorded, so a gap in the trail is explained), and expired sign-in sessions and
 * verification rows, which Better Auth leaves until someone presents them, are removed. Long-lived
 * processes (the server, `npm run worker`) run it at start and then daily; on Vercel the daily cron
 * (/api/cron/ingest) does. Several processes on one database may run it: each deletion is idempotent.
 */

const DAY_MS = 24 * 60 * 60_000;
/** The first run waits a little, so a start's own work (migrations, the first requests) comes first. */
const FIRST_RUN_DELAY_MS = 30_000;

export interface HousekeepingResult {
  /** Audit rows pruned, and the time before which rows were pruned (null: retention off). */
  audit: { deleted: number; before: string } | null;
  expiredSessions: number;
}

/** Deletes audit rows older than the retention (none when it is off) and records that it did. */
export async function pruneAuditTrail(now = new Date()): Promise<HousekeepingResult["audit"]> {
  const days = config().auditRetentionDays;
  if (days === null) return null;
  const before = new Date(now.getTime() - days * DAY_MS);
  const { count } = await db().auditEvent.deleteMany({ where: { createdAt: { lt: before } } });
  if (count > 0) await auditAs(SYSTEM_ACTOR, "audit.prune", null, { deleted: count, before: before.toISOString(), retention_days: days });
  return { deleted: count, before: before.toISOString() };
}

export async function runHousekeeping(now = new Date()): Promise<HousekeepingResult> {
  const audit = await pruneAuditTrail(now);
  const { count: expiredSessions } = await db().session.deleteMany({ where: { expiresAt: { lt: now } } });
  await db().verification.deleteMany({ where: { expiresAt: { lt: now } } });
  return { audit, expiredSessions };
}

const store = globalThis as unknown as { __docchatHousekeeping?: ReturnType<typeof setInterval> };

const runLogged = () =>
  runHousekeeping().then(
    (result) => {
      if (result.audit?.deleted || result.expiredSessions) log("info", "housekeeping", { ...result });
    },
    (error: unknown) => log("error", "housekeeping_failed", { error }),
  );

/** In a long-lived process: housekeeping shortly after start, then every day (once per process). */
export function startHousekeeping(): void {
  if (store.__docchatHousekeeping) return;
  setTimeout(() => void runLogged(), FIRST_RUN_DELAY_MS).unref();
  store.__docchatHousekeeping = setInterval(() => void runLogged(), DAY_MS);
  store.__docchatHousekeeping.unref();
}
