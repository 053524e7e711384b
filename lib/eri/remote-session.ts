import { sha256Hex } from "@/lib/security/hashing";
import { EriClient, EriClientError, type EriEndpoint } from "./client";
import type { SourceRow } from "./source-repo";

/**
 * Session tokens of remote ERI servers, kept in memory for a few minutes so a chat turn
 * costs one request instead of two. A 401 (token expired or revoked) re-authenticates once.
 */

const TOKEN_TTL_MS = 5 * 60_000;
const tokens = new Map<string, { token: string; at: number }>();

/** Changes whenever anything that affects the login changes (not on status updates). */
export function connectionKey(row: Pick<SourceRow, "id" | "baseUrl" | "authMethod" | "username" | "secretEnc">): string {
  return sha256Hex([row.id, row.baseUrl, row.authMethod, row.username ?? "", row.secretEnc ?? ""].join("\n"));
}

export async function withRemoteSession<T>(
  key: string,
  endpoint: EriEndpoint,
  signal: AbortSignal,
  work: (client: EriClient, token: string) => Promise<T>,
): Promise<T> {
  const client = new EriClient(endpoint, signal);
  const cached = tokens.get(key);
  if (cached && Date.now() - cached.at < TOKEN_TTL_MS) {
    try {
      return await work(client, cached.token);
    } catch (error) {
      if (!(error instanceof EriClientError && error.status === 401)) throw error;
      tokens.delete(key);
    }
  }
  const token = await client.authenticate();
  tokens.set(key, { token, at: Date.now() });
  return work(client, token);
}

export function forgetRemoteSession(key: string): void {
  tokens.delete(key);
}

export function clearRemoteSessions(): void {
  tokens.clear();
}
