import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import type { EriSource } from "@/lib/db/generated/sqlite/client";
import type { EriEndpoint } from "./client";
import { decryptSecret, encryptSecret } from "@/lib/secrets";
import type { EriSourceView, SourceAuthMethod, SourceCreate, SourceStatus, SourceUpdate } from "./source-schemas";
import { log } from "@/lib/log";

/** Database access for ERI sources. Only this module sees `secretEnc`; views never carry it. */

export type SourceRow = EriSource;

function parseStatus(row: SourceRow): SourceStatus | null {
  if (!row.lastStatus) return null;
  const checkedAt = row.lastCheckedAt?.toISOString() ?? null;
  try {
    const { ok, message } = JSON.parse(row.lastStatus) as { ok?: unknown; message?: unknown };
    return { ok: ok === true, message: typeof message === "string" ? message : "", checkedAt };
  } catch {
    return { ok: false, message: row.lastStatus, checkedAt };
  }
}

export function toView(row: SourceRow): EriSourceView {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    authMethod: row.authMethod as SourceAuthMethod,
    username: row.username,
    hasSecret: Boolean(row.secretEnc),
    enabled: row.enabled,
    sharedWithUsers: row.sharedWithUsers,
    retrievalProcessId: row.retrievalProcessId,
    maxMatches: row.maxMatches,
    timeoutMs: row.timeoutMs,
    lastStatus: parseStatus(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const findSourceRow = (id: string) => db().eriSource.findUnique({ where: { id } });

export const listSourceRows = () => db().eriSource.findMany({ orderBy: { createdAt: "asc" } });

const encryptOrNull = (secret: string | null | undefined) => (secret ? encryptSecret(secret) : null);

export function insertSource(input: SourceCreate): Promise<SourceRow> {
  return db().eriSource.create({
    data: {
      id: randomUUID(),
      name: input.name,
      baseUrl: input.baseUrl,
      authMethod: input.authMethod,
      username: input.username || null,
      secretEnc: encryptOrNull(input.secret),
      enabled: input.enabled,
      sharedWithUsers: input.sharedWithUsers,
      retrievalProcessId: input.retrievalProcessId ?? null,
      maxMatches: input.maxMatches,
      timeoutMs: input.timeoutMs,
    },
  });
}

export function patchSource(id: string, patch: SourceUpdate): Promise<SourceRow> {
  const { secret, username, ...rest } = patch;
  return db().eriSource.update({
    where: { id },
    data: {
      ...rest,
      ...(username !== undefined ? { username: username || null } : {}),
      ...(secret !== undefined ? { secretEnc: encryptOrNull(secret) } : {}),
      // A changed connection invalidates what the last test said.
      ...(rest.baseUrl !== undefined || rest.authMethod !== undefined || secret !== undefined || username !== undefined
        ? { lastStatus: null, lastCheckedAt: null }
        : {}),
    },
  });
}

export async function removeSource(id: string): Promise<boolean> {
  const { count } = await db().eriSource.deleteMany({ where: { id } });
  return count === 1;
}

export async function recordStatus(id: string, status: { ok: boolean; message: string }): Promise<void> {
  await db()
    .eriSource.updateMany({ where: { id }, data: { lastStatus: JSON.stringify(status), lastCheckedAt: new Date() } })
    // The status is informative: a failed write never fails the caller, but it is logged.
    .catch((error: unknown) => log("warn", "eri_source_status_write_failed", { source_id: id, error }));
}

/** The connection details with the secret decrypted, for this process's own calls only. */
export function endpointOf(row: SourceRow): EriEndpoint {
  return {
    baseUrl: row.baseUrl,
    authMethod: row.authMethod as SourceAuthMethod,
    username: row.username,
    secret: row.secretEnc ? decryptSecret(row.secretEnc) : null,
  };
}
