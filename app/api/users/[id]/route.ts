import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { setDisabled, UserUpdate } from "@/lib/auth/users";

type Ctx = { params: Promise<{ id: string }> };

/** `{"disabled": true}` disables the user and ends their sessions; false lets them sign in again. */
export const PATCH = route(async (request: Request, { params }: Ctx) => {
  const { disabled } = parseWith(UserUpdate, await readJson(request));
  return json(await setDisabled((await params).id, disabled));
});
