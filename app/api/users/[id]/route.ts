import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { updateUser, UserUpdate } from "@/lib/auth/users";

type Ctx = { params: Promise<{ id: string }> };

/** Any of `{"role": "admin"|"user", "groups": [...], "disabled": true|false}`; disabling ends the user's sessions and keys. */
export const PATCH = route(async (request: Request, { params }: Ctx) =>
  json(await updateUser((await params).id, parseWith(UserUpdate, await readJson(request)))),
);
