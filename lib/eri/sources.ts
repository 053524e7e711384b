import { badRequest, notFound } from "@/lib/errors";
import { testConnection, statusOf } from "./connection";
import { connectionKey, forgetRemoteSession, withRemoteSession } from "./remote-session";
import {
  endpointOf,
  findSourceRow,
  insertSource,
  listSourceRows,
  patchSource,
  recordStatus,
  removeSource,
  toView,
  type SourceRow,
} from "./source-repo";
import type { ConnectionReport, EriSourceView, SourceCreate, SourceDraft, SourceUpdate } from "./source-schemas";

/**
 * Remote ERI servers used as retrieval sources: admin CRUD, "Test connection", and the
 * security-requirements gate chat applies before using a source. Views never hold the secret.
 */

export type { EriSourceView, ConnectionReport } from "./source-schemas";

export async function listSources(): Promise<EriSourceView[]> {
  return (await listSourceRows()).map(toView);
}

/** What a chat user may pick: the enabled sources an admin shared with users (names only). */
export async function sharedSources(): Promise<{ id: string; name: string; enabled: boolean }[]> {
  return (await listSourceRows()).filter((s) => s.enabled && s.sharedWithUsers).map((s) => ({ id: s.id, name: s.name, enabled: true }));
}

export async function getSource(id: string): Promise<EriSourceView | null> {
  const row = await findSourceRow(id);
  return row ? toView(row) : null;
}

function assertCredentials(s: { authMethod: string; username?: string | null; hasSecret: boolean }): void {
  if (s.authMethod === "USERNAME_PASSWORD" && !s.username) throw badRequest("USERNAME_PASSWORD needs a user name");
  if (s.authMethod !== "NONE" && !s.hasSecret) {
    throw badRequest(s.authMethod === "TOKEN" ? "TOKEN needs the token" : "USERNAME_PASSWORD needs the password");
  }
}

export async function createSource(input: SourceCreate): Promise<EriSourceView> {
  assertCredentials({ ...input, hasSecret: Boolean(input.secret) });
  return toView(await insertSource(input));
}

/**
 * A stored secret only ever goes back to the server it was entered for: once the address or
 * the login method changes, the secret must be entered again.
 */
function storedSecretStillApplies(stored: SourceRow, baseUrl: string | undefined, authMethod: string | undefined): boolean {
  const sameUrl = baseUrl === undefined || normalizeUrl(baseUrl) === normalizeUrl(stored.baseUrl);
  return sameUrl && (authMethod === undefined || authMethod === stored.authMethod);
}

const normalizeUrl = (url: string) => url.trim().replace(/\/+$/, "").toLowerCase();

export async function updateSource(id: string, patch: SourceUpdate): Promise<EriSourceView> {
  const current = await findSourceRow(id);
  if (!current) throw notFound(`ERI source '${id}' not found`);
  const keepsSecret = patch.secret === undefined && storedSecretStillApplies(current, patch.baseUrl, patch.authMethod);
  if (patch.secret === undefined && !keepsSecret) patch = { ...patch, secret: null };
  assertCredentials({
    authMethod: patch.authMethod ?? current.authMethod,
    username: patch.username !== undefined ? patch.username : current.username,
    hasSecret: patch.secret !== undefined ? Boolean(patch.secret) : Boolean(current.secretEnc),
  });
  const row = await patchSource(id, patch);
  forgetRemoteSession(connectionKey(current));
  requirementCache.delete(id);
  return toView(row);
}

export async function deleteSource(id: string): Promise<boolean> {
  const row = await findSourceRow(id);
  if (row) forgetRemoteSession(connectionKey(row));
  requirementCache.delete(id);
  return removeSource(id);
}

/** Tests a saved source and records the outcome as its last status. */
export async function testSource(id: string): Promise<ConnectionReport> {
  const row = await findSourceRow(id);
  if (!row) throw notFound(`ERI source '${id}' not found`);
  const report = await testConnection(endpointOf(row), row.timeoutMs);
  await recordStatus(id, statusOf(report));
  requirementCache.delete(id);
  return report;
}

/** Tests settings before they are saved; with `id`, an omitted secret means the stored one. */
export async function testDraft(draft: SourceDraft): Promise<ConnectionReport> {
  const stored = draft.id ? await findSourceRow(draft.id) : null;
  if (draft.id && !stored) throw notFound(`ERI source '${draft.id}' not found`);
  const reuse = stored && draft.secret === undefined && storedSecretStillApplies(stored, draft.baseUrl, draft.authMethod);
  const secret = draft.secret !== undefined ? draft.secret : reuse ? endpointOf(stored).secret : null;
  const username = draft.username !== undefined ? draft.username : (stored?.username ?? null);
  assertCredentials({ authMethod: draft.authMethod, username, hasSecret: Boolean(secret) });
  return testConnection({ baseUrl: draft.baseUrl, authMethod: draft.authMethod, username, secret }, draft.timeoutMs);
}

// ─── Security requirements gate for chat ────────────────────────────

export interface ChatCheckOptions {
  /** The configured chat model runs on the user's own infrastructure (CHAT_MODEL_SELF_HOSTED). */
  modelSelfHosted: boolean;
  /** Offline extractive answers: no model sees the data at all. */
  offline: boolean;
  /** The asker is an admin; others may use only sources shared with chat users. */
  admin: boolean;
}

export interface ChatCheck {
  usable: boolean;
  name: string;
  reason?: string;
}

/** The rule: ANY → use; SELF_HOSTED → only with a self-hosted model or offline; NONE or no answer → skip. */
export function applySecurityRule(
  requirement: string | null,
  opts: Pick<ChatCheckOptions, "modelSelfHosted" | "offline">,
): { usable: boolean; reason?: string } {
  switch (requirement) {
    case "ANY":
      return { usable: true };
    case "SELF_HOSTED":
      return opts.modelSelfHosted || opts.offline
        ? { usable: true }
        : {
            usable: false,
            reason:
              "The source allows only self-hosted models (SELF_HOSTED), and the configured chat model is not marked self-hosted (CHAT_MODEL_SELF_HOSTED=true).",
          };
    case "NONE":
      return { usable: false, reason: "The source allows no model provider to process its data (NONE)." };
    default:
      return { usable: false, reason: "The source did not state its security requirements, so it is skipped to be safe." };
  }
}

const REQUIREMENT_TTL_MS = 60_000;
const FAILURE_TTL_MS = 15_000;
/** AI Studio gives this call 6 s; a chat turn should not wait longer either. */
const CHECK_TIMEOUT_MS = 6_000;

interface RequirementAnswer {
  requirement: string | null;
  error?: string;
}
const requirementCache = new Map<string, { key: string; at: number; ttl: number; answer: Promise<RequirementAnswer> }>();

async function fetchRequirement(row: SourceRow): Promise<RequirementAnswer> {
  try {
    const signal = AbortSignal.timeout(Math.min(row.timeoutMs, CHECK_TIMEOUT_MS));
    const requirement = await withRemoteSession(connectionKey(row), endpointOf(row), signal, (client, token) =>
      client.securityRequirement(token),
    );
    return { requirement };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordStatus(row.id, { ok: false, message });
    return { requirement: null, error: message };
  }
}

/** Cached per source (1 min; 15 s after a failure); concurrent turns share one request. */
async function securityRequirementOf(row: SourceRow): Promise<RequirementAnswer> {
  const key = connectionKey(row);
  const hit = requirementCache.get(row.id);
  if (hit && hit.key === key && Date.now() - hit.at < hit.ttl) return hit.answer;
  const entry = { key, at: Date.now(), ttl: REQUIREMENT_TTL_MS, answer: fetchRequirement(row) };
  requirementCache.set(row.id, entry);
  const answer = await entry.answer;
  if (answer.error) entry.ttl = FAILURE_TTL_MS;
  return answer;
}

export async function checkSourceForChat(sourceId: string, opts: ChatCheckOptions): Promise<ChatCheck> {
  const row = await findSourceRow(sourceId);
  if (!row) return { usable: false, name: sourceId, reason: `ERI source '${sourceId}' not found.` };
  if (!row.enabled) return { usable: false, name: row.name, reason: "The source is disabled in Settings → ERI." };
  if (!opts.admin && !row.sharedWithUsers) return { usable: false, name: row.name, reason: "This source is available to admins only." };
  const answer = await securityRequirementOf(row);
  if (answer.error) return { usable: false, name: row.name, reason: `Could not read its security requirements: ${answer.error}` };
  return { name: row.name, ...applySecurityRule(answer.requirement, opts) };
}

export interface SourceGate {
  usable: { id: string; name: string }[];
  /** Why each other requested source is left out, for the turn's thoughts. */
  skipped: { title: string; description: string }[];
}

/** The requested sources a chat turn may use, checked in parallel once per turn. */
export async function usableSources(ids: string[], opts: ChatCheckOptions): Promise<SourceGate> {
  const gate: SourceGate = { usable: [], skipped: [] };
  const checks = await Promise.all(
    ids.map((id) =>
      checkSourceForChat(id, opts).catch((error: unknown) => ({
        usable: false,
        name: id,
        reason: error instanceof Error ? error.message : String(error),
      })),
    ),
  );
  checks.forEach((check, i) => {
    if (check.usable) gate.usable.push({ id: ids[i], name: check.name });
    else gate.skipped.push({ title: `ERI source skipped: ${check.name}`, description: check.reason ?? "Not usable with this model" });
  });
  return gate;
}

/** Tests reset state between cases. */
export function clearSourceCaches(): void {
  requirementCache.clear();
}
