import type { PolymathSettingsResponse } from "@/lib/polymath/admin-view";
import type { AccessTokenView, PolymathSettingsUpdate } from "@/lib/polymath/settings";
import type { FileInfo } from "@/lib/knowledge/schemas";
import { fetchJson } from "@/components/ui/http";

/** Client calls of the Polymath admin API (app/api/polymath/**) and the export download. */

export const SETTINGS_URL = "/api/polymath/settings";

const send = (method: string, body?: unknown): RequestInit => ({ method, body: body === undefined ? undefined : JSON.stringify(body) });

export const savePolymathSettings = (update: PolymathSettingsUpdate) =>
  fetchJson<PolymathSettingsResponse>(SETTINGS_URL, send("PATCH", update));

export const createToken = (name: string, tags: string[]) =>
  fetchJson<{ token: string; record: AccessTokenView }>("/api/polymath/tokens", send("POST", { name, tags }));

export const revokeToken = (id: string) =>
  fetchJson<{ revoked: boolean }>(`/api/polymath/tokens/${encodeURIComponent(id)}`, send("DELETE"));

export const setFileAccessTag = (collection: string, fileId: string, tag: string | null) =>
  fetchJson<FileInfo>(
    `/api/polymath/collections/${encodeURIComponent(collection)}/files/${encodeURIComponent(fileId)}`,
    send("PATCH", { access_tag: tag }),
  );

export const exportUrl = (collection: string) => `/v1/collections/${encodeURIComponent(collection)}/export?format=polymath`;
