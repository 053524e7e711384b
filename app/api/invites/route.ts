import { createInvite, listInvites, NewInvite } from "@/lib/auth/invites";
import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { actorOf, auditAs } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

/** Invitations (admins only: lib/security/policy.ts). */
export const GET = route(async () => json({ invites: await listInvites() }));

/** A new invite: its link is in this answer and never again. */
export const POST = route(async (request: Request) => {
  const input = parseWith(NewInvite, await readJson(request));
  const actor = await actorOf(request);
  const created = await createInvite(input, actor.actorName);
  const { id, role, groups, email, expires_at } = created.invite;
  await auditAs(actor, "invite.create", id, { role, groups, email, expires_at });
  return json(created, 201);
});
