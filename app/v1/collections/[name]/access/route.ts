import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { existingCollectionName } from "@/lib/knowledge/params";
import { CollectionGrantsUpdate, grantsOf, setGrants } from "@/lib/security/collection-access";
import { principalOf } from "@/lib/security/principal";
import { audit } from "@/lib/security/audit";

type Ctx = { params: Promise<{ name: string }> };

/** Who may read or edit the collection (admins only: lib/security/policy.ts). */
export const GET = route(async (request: Request, { params }: Ctx) => {
  const name = await existingCollectionName((await params).name, await principalOf(request), "edit");
  return json({ grants: await grantsOf(name) });
});

/** Replaces the grants: `{"grants": [{"subject_type": "group", "subject_id": "hr", "access": "read"}]}`; `[]` opens it to every reader. */
export const PUT = route(async (request: Request, { params }: Ctx) => {
  const name = await existingCollectionName((await params).name, await principalOf(request), "edit");
  const { grants } = parseWith(CollectionGrantsUpdate, await readJson(request));
  const saved = await setGrants(name, grants);
  await audit(request, "access.change", name, { grants: saved });
  return json({ grants: saved });
});
