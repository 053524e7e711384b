import { randomUUID } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { isAdminPrincipal, type Principal } from "./principal";

/**
 * Which collections a principal may read or edit: the one check every read path makes (the read
 * door lib/knowledge/search.ts, collection lists, files, citations, exports, suggestions).
 *
 * A collection without grants is open to every reader, as before grants existed (so the
 * single-user default and the shared-token setup see what they saw). Once a collection has any
 * grant, only its grantees read it: users by id, groups by name, integrations by scope, or
 * "everyone" (which opens it again, e.g. to give editors edit rights on a shared collection).
 * Admins read and edit everything.
 */

export const GrantSubjectType = z.enum(["user", "group", "scope", "everyone"]);
export const GrantAccess = z.enum(["read", "edit"]);

/** One grant on the wire (and as stored, without its id). */
export const CollectionGrantInput = z
  .object({
    subject_type: GrantSubjectType,
    subject_id: z.string().trim().max(200).default(""),
    access: GrantAccess,
  })
  .strict()
  .refine((g) => (g.subject_type === "everyone") === (g.subject_id === ""), {
    message: "subject_id names the user, group or scope (empty for everyone)",
  });
export type CollectionGrantInput = z.infer<typeof CollectionGrantInput>;

export const CollectionGrantsUpdate = z.object({ grants: z.array(CollectionGrantInput).max(1000) }).strict();

type GrantRow = { collectionName: string; subjectType: string; subjectId: string; access: string };

function grantApplies(grant: GrantRow, principal: Principal): boolean {
  if (grant.subjectType === "everyone") return true;
  if (principal.kind === "integration") return grant.subjectType === "scope" && grant.subjectId === principal.scope;
  if (grant.subjectType === "user") return principal.userId !== null && grant.subjectId === principal.userId;
  return grant.subjectType === "group" && principal.groups.includes(grant.subjectId);
}

/** Of `names`, those `principal` may read (edit: may edit), in the order given. */
export async function permittedCollections(principal: Principal, names: string[], access: "read" | "edit" = "read"): Promise<string[]> {
  if (isAdminPrincipal(principal) || names.length === 0) return names;
  const grants = await db().collectionGrant.findMany({
    where: { collectionName: { in: [...new Set(names)] } },
    select: { collectionName: true, subjectType: true, subjectId: true, access: true },
  });
  const restricted = new Set(grants.map((g) => g.collectionName));
  const allowed = new Set(
    grants.filter((g) => (access === "read" || g.access === "edit") && grantApplies(g, principal)).map((g) => g.collectionName),
  );
  // An open collection is for readers; editing one takes an editor's grant (or admin).
  return names.filter((name) => allowed.has(name) || (access === "read" && !restricted.has(name)));
}

export const mayRead = async (principal: Principal, name: string) => (await permittedCollections(principal, [name])).length === 1;

/** 404 (as for a collection that does not exist) unless `principal` may read it. */
export async function assertReadable(principal: Principal, name: string): Promise<void> {
  if (!(await mayRead(principal, name))) throw notFound(`Collection '${name}' not found`);
}

export async function grantsOf(collectionName: string): Promise<CollectionGrantInput[]> {
  const rows = await db().collectionGrant.findMany({ where: { collectionName }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => ({
    subject_type: GrantSubjectType.parse(r.subjectType),
    subject_id: r.subjectId,
    access: GrantAccess.parse(r.access),
  }));
}

/** Replaces the collection's grants (none: open to every reader again), kept in the order given. */
export async function setGrants(collectionName: string, grants: CollectionGrantInput[]): Promise<CollectionGrantInput[]> {
  const unique = new Map(grants.map((g) => [`${g.subject_type}:${g.subject_id}`, g]));
  // One write gives every row the same default time: a millisecond apart, they read back in order.
  const now = Date.now();
  await db().$transaction([
    db().collectionGrant.deleteMany({ where: { collectionName } }),
    db().collectionGrant.createMany({
      data: [...unique.values()].map((g, i) => ({
        id: randomUUID(),
        createdAt: new Date(now + i),
        collectionName,
        subjectType: g.subject_type,
        subjectId: g.subject_id,
        access: g.access,
      })),
    }),
  ]);
  return grantsOf(collectionName);
}
