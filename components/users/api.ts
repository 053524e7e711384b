import type { NewUser, UserUpdate, UserView } from "@/lib/auth/users";
import { fetchJson } from "@/components/ui/http";

/** Client calls of the accounts API (app/api/users/**, admins only). */

export const USERS_URL = "/api/users";

export const createUser = (input: NewUser) => fetchJson<UserView>(USERS_URL, { method: "POST", body: JSON.stringify(input) });

export const updateUser = (id: string, update: UserUpdate) =>
  fetchJson<UserView>(`${USERS_URL}/${encodeURIComponent(id)}`, { method: "PATCH", body: JSON.stringify(update) });

export type UsersResponse = { users: UserView[] };

/** "hr, staff" → ["hr", "staff"]: a comma- or space-separated list, each group once. */
export const splitGroups = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];
