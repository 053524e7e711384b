import { randomUUID } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError, conflict, notFound } from "@/lib/errors";
import { adminToken } from "@/lib/security/access";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import { clientAddress, throttledLookup } from "@/lib/security/rate-limit";
import { asRole, ROLES } from "@/lib/security/roles";
import { createUser, NewUser, type UserView } from "./users";

/**
 * Invitations by link: an admin picks the role, groups and expiry and gets a link, shown once;
 * the person who opens it chooses their name and password and is signed in with that role and
 * those groups. A link works once. It carries 256 random bits after `#`, so it never reaches a
 * server log or a Referer; only its sha256 is stored.
 */

export const INVITE_PREFIX = "dci_";
const DAY_MS = 24 * 60 * 60_000;
const Groups = z.array(z.string().trim().min(1).max(100)).max(100);

export const NewInvite = z
  .object({
    role: z.enum(ROLES).default("user"),
    groups: Groups.default([]),
    /** Ties the invite to one address; else the invitee gives theirs. */
    email: z.email().max(254).optional(),
    expires_in_days: z.number().int().min(1).max(30).default(7),
  })
  .strict();
export type NewInvite = z.input<typeof NewInvite>;

export const InviteStatus = z.enum(["pending", "used", "expired", "revoked"]);

export const InviteView = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  groups: z.array(z.string()),
  email: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  status: InviteStatus,
  used_at: z.string().nullable(),
  used_by: z.string().nullable(),
});
export type InviteView = z.infer<typeof InviteView>;

/** The answer to creating one: the link's path (`/invite#<secret>`), in this answer and never again. */
export const CreatedInvite = z.object({ path: z.string(), invite: InviteView });
export type CreatedInvite = z.infer<typeof CreatedInvite>;

/** What the invitee's page shows before they accept. */
export const InviteOffer = z.object({
  role: z.enum(ROLES),
  groups: z.array(z.string()),
  email: z.string().nullable(),
  expires_at: z.string(),
});
export type InviteOffer = z.infer<typeof InviteOffer>;

export const InviteToken = z.object({ token: z.string().min(1).max(200) }).strict();

export const InviteAcceptance = z
  .object({
    token: z.string().min(1).max(200),
    email: z.email().max(254).optional(),
    name: NewUser.shape.name,
    password: NewUser.shape.password,
  })
  .strict();
export type InviteAcceptance = z.infer<typeof InviteAcceptance>;

type Row = Awaited<ReturnType<typeof findRows>>[number];
const findRows = (where: { id?: string } = {}) =>
  db().invite.findMany({ where, orderBy: { createdAt: "desc" }, include: { usedBy: { select: { email: true } } } });

const parseGroups = (text: string) => {
  const parsed = z.array(z.string()).safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : [];
};

function statusOf(row: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()): InviteView["status"] {
  if (row.usedAt) return "used";
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "pending";
}

const viewOf = (row: Row, now = new Date()): InviteView => ({
  id: row.id,
  role: asRole(row.role),
  groups: parseGroups(row.groups),
  email: row.email,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  status: statusOf(row, now),
  used_at: row.usedAt?.toISOString() ?? null,
  used_by: row.usedBy?.email ?? null,
});

const requireAccounts = () => {
  if (!adminToken()) throw conflict("Accounts are off: start the server with ADMIN_TOKEN set to invite people");
};

export async function createInvite(input: NewInvite, createdBy: string): Promise<CreatedInvite> {
  requireAccounts();
  const parsed = NewInvite.parse(input);
  const secret = `${INVITE_PREFIX}${randomToken()}`;
  const row = await db().invite.create({
    data: {
      id: randomUUID(),
      tokenHash: sha256Hex(secret),
      role: parsed.role,
      groups: JSON.stringify([...new Set(parsed.groups)]),
      email: parsed.email?.toLowerCase() ?? null,
      createdBy,
      expiresAt: new Date(Date.now() + parsed.expires_in_days * DAY_MS),
    },
    include: { usedBy: { select: { email: true } } },
  });
  return { path: `/invite#${secret}`, invite: viewOf(row) };
}

/** Every invite, newest first, with what became of it. */
export async function listInvites(): Promise<InviteView[]> {
  const now = new Date();
  return (await findRows()).map((row) => viewOf(row, now));
}

/** Withdraws an invite nobody has used yet. */
export async function revokeInvite(id: string): Promise<void> {
  const { count } = await db().invite.updateMany({ where: { id, usedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw notFound(`No open invite '${id}'`);
}

/** Why a link does not work, in words for the person holding it (410 Gone: it will not work again). */
const REFUSALS: Record<Exclude<InviteView["status"], "pending">, string> = {
  used: "This invitation has already been used. Sign in at /login, or ask an admin for a new link.",
  expired: "This invitation has expired. Ask an admin for a new link.",
  revoked: "This invitation was withdrawn. Ask an admin for a new link.",
};
const UNKNOWN = "This invitation link is not valid. Check that you copied all of it, or ask an admin for a new one.";

/**
 * The pending invite a link names. Links that name none count as guesses of their client's address
 * (the limits of lib/security/rate-limit.ts, kept per address: a spray must not lock real invitees out).
 */
async function openInvite(token: string, headers: Headers) {
  requireAccounts();
  const client = clientAddress(headers);
  const row = await throttledLookup("invite", { account: `invite ${client}`, client }, async () =>
    token.startsWith(INVITE_PREFIX) ? db().invite.findUnique({ where: { tokenHash: sha256Hex(token) } }) : null,
  );
  if (!row) throw notFound(UNKNOWN);
  const status = statusOf(row);
  if (status !== "pending") throw new AppError(410, REFUSALS[status]);
  return row;
}

/** What the link offers, or a refusal saying why it does not work. */
export async function inviteOffer(token: string, headers: Headers): Promise<InviteOffer> {
  const row = await openInvite(token, headers);
  return { role: asRole(row.role), groups: parseGroups(row.groups), email: row.email, expires_at: row.expiresAt.toISOString() };
}

/**
 * Uses the invite: claims it (one conditional update, so two people racing with one link cannot
 * both get in), then creates the account with its role and groups. A failure to create the account
 * (an e-mail already taken) releases the claim, so the link still works.
 */
export async function acceptInvite(input: InviteAcceptance, headers: Headers): Promise<{ user: UserView; inviteId: string }> {
  const row = await openInvite(input.token, headers);
  const email = row.email ?? input.email;
  if (!email) throw new AppError(400, "email: Enter your e-mail address");
  if (row.email && input.email && input.email.toLowerCase() !== row.email) throw new AppError(400, `This invitation is for ${row.email}`);
  const now = new Date();
  const { count } = await db().invite.updateMany({
    where: { id: row.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count === 0) throw new AppError(410, REFUSALS.used);
  try {
    const user = await createUser({
      email,
      name: input.name,
      password: input.password,
      role: asRole(row.role),
      groups: parseGroups(row.groups),
    });
    await db().invite.update({ where: { id: row.id }, data: { usedById: user.id } });
    return { user, inviteId: row.id };
  } catch (error) {
    await db().invite.update({ where: { id: row.id }, data: { usedAt: null } });
    throw error;
  }
}
