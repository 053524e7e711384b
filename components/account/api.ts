import type { ApiKeyView, CreatedApiKey, NewApiKey } from "@/lib/auth/api-keys";
import { fetchJson } from "@/components/ui/http";

/** Client calls of one's own API keys (app/api/keys/**). */

export const KEYS_URL = "/api/keys";

export const createApiKey = (input: NewApiKey) => fetchJson<CreatedApiKey>(KEYS_URL, { method: "POST", body: JSON.stringify(input) });

export const revokeApiKey = (id: string) => fetchJson<{ revoked: boolean }>(`${KEYS_URL}/${encodeURIComponent(id)}`, { method: "DELETE" });

export type KeysResponse = { keys: ApiKeyView[] };
