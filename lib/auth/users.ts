import { z } from "zod";
import { db } from "@/lib/db/client";
import { badRequest, notFound } from "@/lib/errors";
import { auth } from "./server";

/** Local accounts, as an admin manages them: create, list, disable (which ends their sessions). */

export const NewUser = z
  .object({
    email: z.email().max(254),
    name: z.string().trim().min(1).max(200),
    password: z.string().min(12, "Use at least 12 characters").max(128),
    role: z.enum(["admin", "user"]).default("user"),
    groups: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  })
  .strict();
export type NewUser = z.infer<typeof NewUser>;

export const UserUpdate = z.object({ disabled: z.boolean() }).strict();

export const UserView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["admin", "user"]),
  groups: z.array(z.string()),
  disabled: z.boolean(),
  active_sessions: z.number().int(),
});
export type UserView = z.infer<typeof UserView>;

export async function createUser(input: NewUser): Promise<UserView> {
  if (await db().user.findUnique({ where: { email: input.email.toLowerCase() } })) throw badRequest("A user with that e-mail exists");
  // Called server-side without headers: Better Auth's admin endpoint then trusts its caller (our admin-only route).
  const { user } = await auth().api.createUser({
    body: { email: input.email, name: input.name, password: input.password, role: input.role },
  });
  await db().user.update({ where: { id: user.id }, data: { groups: JSON.stringify(input.groups) } });
  return viewOf(user.id);
}

export async function listUsers(): Promise<UserView[]> {
  const users = await db().user.findMany({ orderBy: { createdAt: "asc" }, select: { id: true } });
  return Promise.all(users.map((u) => viewOf(u.id)));
}

/** Disabling a user ends every session of theirs at once; enabling lets them sign in again. */
export async function setDisabled(id: string, disabled: boolean): Promise<UserView> {
  const { count } = await db().user.updateMany({
    where: { id },
    data: { banned: disabled, banReason: disabled ? "Disabled by an admin" : null },
  });
  if (count === 0) throw notFound(`No user '${id}'`);
  if (disabled) await db().session.deleteMany({ where: { userId: id } });
  return viewOf(id);
}

async function viewOf(id: string): Promise<UserView> {
  const user = await db().user.findUnique({
    where: { id },
    include: { _count: { select: { sessions: { where: { expiresAt: { gt: new Date() } } } } } },
  });
  if (!user) throw notFound(`No user '${id}'`);
  const groups = z.array(z.string()).safeParse(JSON.parse(user.groups));
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === "admin" ? "admin" : "user",
    groups: groups.success ? groups.data : [],
    disabled: user.banned === true,
    active_sessions: user._count.sessions,
  };
}

/** Whether any account exists (the login page then asks for one; ADMIN_TOKEN still works). */
export const accountsExist = async () => Boolean(process.env.ADMIN_TOKEN?.trim()) && (await db().user.count()) > 0;
