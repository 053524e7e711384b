import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { updateUser, UserUpdate } from "@/lib/auth/users";
import { audit } from "@/lib/security/audit";

type Ctx = { params: Promise<{ id: string }> };

/** Any of `{"role": "admin"|"user", "groups": [...], "disabled": true|false}`; disabling ends the user's sessions and keys. */
export const PATCH = route(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const update = parseWith(UserUpdate, await readJson(request));
  const updated = await updateUser(id, update);
  const action = update.disabled === true ? "user.disable" : update.disabled === false ? "user.enable" : "user.update";
  await audit(request, action, id, { email: updated.email, role: update.role, groups: update.groups });
  return json(updated);
});
