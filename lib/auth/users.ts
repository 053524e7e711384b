import { z } from "zod";
import { liveSetting } from "@/lib/config";
import { db } from "@/lib/db/client";
import { badRequest, notFound } from "@/lib/errors";
import { asRole, ROLES } from "@/lib/security/access";
import { auth } from "./server";

/** Local accounts, as an admin manages them: create, list, disable (which ends their sessions). */

const UserRole = z.enum(ROLES);
const Groups = z.array(z.string().trim().min(1).max(100)).max(100);

export const NewUser = z
  .object({
    email: z.email().max(254),
    name: z.string().trim().min(1).max(200),
    password: z.string().min(12, "Use at least 12 characters").max(128),
    role: UserRole.default("user"),
    groups: Groups.default([]),
  })
  .strict();
export type NewUser = z.infer<typeof NewUser>;

/** What an admin changes on an account: any of its role, its groups, whether it is disabled. */
export const UserUpdate = z
  .object({ disabled: z.boolean().optional(), role: UserRole.optional(), groups: Groups.optional() })
  .strict()
  .refine((u) => u.disabled !== undefined || u.role !== undefined || u.groups !== undefined, {
    message: "Send disabled, role or groups",
  });
export type UserUpdate = z.infer<typeof UserUpdate>;

export const UserView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: UserRole,
  groups: z.array(z.string()),
  disabled: z.boolean(),
  active_sessions: z.number().int(),
  /** Personal API keys not revoked or expired (they stop working while the user is disabled). */
  active_api_keys: z.number().int(),
});
export type UserView = z.infer<typeof UserView>;

export async function createUser(input: NewUser): Promise<UserView> {
  if (await db().user.findUnique({ where: { email: input.email.toLowerCase() } })) throw badRequest("A user with that e-mail exists");
  // Called server-side without headers: Better Auth's admin endpoint then trusts its caller (our admin-only route).
  const { user } = await auth().api.createUser({
    body: { email: input.email, name: input.name, password: input.password, role: "user" },
  });
  // Role and groups are this app's (Better Auth's admin plugin knows only its admin and user roles).
  await db().user.update({ where: { id: user.id }, data: { role: input.role, groups: JSON.stringify(input.groups) } });
  return userView(user.id);
}

export async function listUsers(): Promise<UserView[]> {
  const users = await db().user.findMany({ orderBy: { createdAt: "asc" }, select: { id: true } });
  return Promise.all(users.map((u) => userView(u.id)));
}

/**
 * Changes a user's role, groups or disabled state. Disabling ends every session of theirs at once
 * (their API keys stop working with it: lib/auth/api-keys.ts); enabling lets them sign in again.
 * Role and groups apply from their next request.
 */
export async function updateUser(id: string, update: UserUpdate): Promise<UserView> {
  const { disabled, role, groups } = update;
  const { count } = await db().user.updateMany({
    where: { id },
    data: {
      ...(disabled === undefined ? {} : { banned: disabled, banReason: disabled ? "Disabled by an admin" : null }),
      ...(role === undefined ? {} : { role }),
      ...(groups === undefined ? {} : { groups: JSON.stringify([...new Set(groups)]) }),
    },
  });
  if (count === 0) throw notFound(`No user '${id}'`);
  if (disabled) await db().session.deleteMany({ where: { userId: id } });
  return userView(id);
}

export async function userView(id: string): Promise<UserView> {
  const user = await db().user.findUnique({
    where: { id },
    include: {
      _count: {
        select: {
          sessions: { where: { expiresAt: { gt: new Date() } } },
          apiKeys: { where: { revokedAt: null, expiresAt: { gt: new Date() } } },
        },
      },
    },
  });
  if (!user) throw notFound(`No user '${id}'`);
  const groups = z.array(z.string()).safeParse(JSON.parse(user.groups));
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: asRole(user.role),
    groups: groups.success ? groups.data : [],
    disabled: user.banned === true,
    active_sessions: user._count.sessions,
    active_api_keys: user._count.apiKeys,
  };
}

/** Whether any account exists (the login page then asks for one; ADMIN_TOKEN still works). */
export const accountsExist = async () => Boolean(liveSetting("ADMIN_TOKEN")) && (await db().user.count()) > 0;
