import type { ServerSettingsResponse } from "@/lib/eri/server/admin-view";
import type { ServerSettingsUpdate } from "@/lib/eri/server/settings";
import type { ConnectionReport, EriSourceView } from "@/lib/eri/source-schemas";
import type { RetrievalResult } from "@/lib/knowledge/schemas";
import { errorFromResponse, fetchJson } from "@/components/ui/http";

/** Client calls of the ERI admin API (app/api/eri/**). */

export const SOURCES_URL = "/api/eri/sources";
export const SERVER_URL = "/api/eri/server";

export interface SourceFormValues {
  name: string;
  baseUrl: string;
  authMethod: "NONE" | "TOKEN" | "USERNAME_PASSWORD";
  username: string | null;
  /** Omitted: keep the stored secret (edit); null: remove it. */
  secret?: string | null;
  enabled: boolean;
  /** Saved only (a connection test does not need it). */
  sharedWithUsers?: boolean;
  retrievalProcessId: string | null;
  maxMatches: number;
  timeoutMs: number;
}

const send = (method: string, body?: unknown): RequestInit => ({ method, body: body === undefined ? undefined : JSON.stringify(body) });

export const createSource = (values: SourceFormValues) => fetchJson<EriSourceView>(SOURCES_URL, send("POST", values));
export const updateSource = (id: string, values: Partial<SourceFormValues>) =>
  fetchJson<EriSourceView>(`${SOURCES_URL}/${encodeURIComponent(id)}`, send("PATCH", values));
export const deleteSource = (id: string) => fetchJson<{ deleted: boolean }>(`${SOURCES_URL}/${encodeURIComponent(id)}`, send("DELETE"));
export const testSource = (id: string) => fetchJson<ConnectionReport>(`${SOURCES_URL}/${encodeURIComponent(id)}/test`, send("POST"));
export const testDraft = (values: SourceFormValues & { id?: string }) => fetchJson<ConnectionReport>("/api/eri/test", send("POST", values));

/** A 502 still carries the RetrievalResult with the remote's error message. */
export async function searchSource(id: string, query: string): Promise<RetrievalResult> {
  const response = await fetch(`${SOURCES_URL}/${encodeURIComponent(id)}/search`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query, top_k: 5 }),
  });
  if (response.status === 502) return (await response.json()) as RetrievalResult;
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as RetrievalResult;
}

export const saveServerSettings = (update: ServerSettingsUpdate) => fetchJson<ServerSettingsResponse>(SERVER_URL, send("PATCH", update));
