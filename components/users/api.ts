import type { EndedSessions, SessionList } from "@/lib/auth/user-sessions";
import type { NewUser, UserUpdate, UserView } from "@/lib/auth/users";
import { fetchJson } from "@/components/ui/http";
import type { Role } from "@/lib/security/roles";

/** Client calls of the accounts API (app/api/users/**, admins only). */

export const USERS_URL = "/api/users";

export const createUser = (input: NewUser) => fetchJson<UserView>(USERS_URL, { method: "POST", body: JSON.stringify(input) });

export const updateUser = (id: string, update: UserUpdate) =>
  fetchJson<UserView>(`${USERS_URL}/${encodeURIComponent(id)}`, { method: "PATCH", body: JSON.stringify(update) });

export type UsersResponse = { users: UserView[] };

/** Each role, as the pages name and explain it. */
export const ROLE_LABELS: Record<Role, { name: string; does: string }> = {
  user: { name: "User", does: "chats with the collections they may read" },
  editor: { name: "Editor", does: "also manages the files of collections they may edit" },
  admin: { name: "Admin", does: "manages everything" },
};

/** "hr, staff" → ["hr", "staff"]: a comma- or space-separated list, each group once. */
export const splitGroups = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

export type SessionsResponse = SessionList;

export const sessionsUrl = (userId: string) => `${USERS_URL}/${encodeURIComponent(userId)}/sessions`;

/** Ends one of a person's sessions (their browser's next request is signed out). */
export const endSession = (userId: string, sessionId: string) =>
  fetchJson<EndedSessions>(`${sessionsUrl(userId)}/${encodeURIComponent(sessionId)}`, { method: "DELETE" });

/** Ends every session of a person. */
export const endAllSessions = (userId: string) => fetchJson<EndedSessions>(sessionsUrl(userId), { method: "DELETE" });
