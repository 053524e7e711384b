import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { createUser, listUsers, NewUser } from "@/lib/auth/users";

export const dynamic = "force-dynamic";

/** Accounts (admins only: lib/security/policy.ts). */
export const GET = route(async () => json({ users: await listUsers() }));

export const POST = route(async (request: Request) => json(await createUser(parseWith(NewUser, await readJson(request))), 201));
