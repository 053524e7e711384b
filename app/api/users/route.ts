import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { createUser, listUsers, NewUser } from "@/lib/auth/users";
import { audit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

/** Accounts (admins only: lib/security/policy.ts). */
export const GET = route(async () => json({ users: await listUsers() }));

export const POST = route(async (request: Request) => {
  const created = await createUser(parseWith(NewUser, await readJson(request)));
  await audit(request, "user.create", created.id, { email: created.email, role: created.role, groups: created.groups });
  return json(created, 201);
});
