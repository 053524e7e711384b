/**
 * The roles, each including those below it: `user` chats with and reads what they may read;
 * `editor` also manages the files of the collections they hold an edit grant on; `admin` does
 * everything. Pure, so pages in the browser use the same order as the server's policy.
 */
export type Role = "admin" | "editor" | "user";

export const ROLES = ["admin", "editor", "user"] as const satisfies readonly Role[];

/** A stored role, read strictly: anything unknown is a plain user. */
export const asRole = (value: unknown): Role => (value === "admin" || value === "editor" ? value : "user");

const RANK: Record<Role, number> = { user: 1, editor: 2, admin: 3 };

/** Whether `held` includes `needed` (an admin is an editor is a user). */
export const includesRole = (held: Role | null, needed: Role) => held !== null && RANK[held] >= RANK[needed];
