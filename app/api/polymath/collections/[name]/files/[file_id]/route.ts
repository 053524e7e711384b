import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { activeIngestor } from "@/lib/knowledge";
import { existingCollectionName } from "@/lib/knowledge/params";
import { principalOf } from "@/lib/security/principal";
import { AccessTagUpdate, setAccessTag } from "@/lib/polymath/access";
import { audit } from "@/lib/security/audit";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

type Ctx = { params: Promise<{ name: string; file_id: string }> };

/** Sets a file's access tag (`{"access_tag": "staff"}`; null or "" removes it); answers the file. Editors of the collection and admins. */
export const PATCH = adminRoute(async (request: Request, { params }: Ctx) => {
  const { name: rawName, file_id } = await params;
  const name = await existingCollectionName(rawName, await principalOf(request), "edit");
  const { access_tag } = parseWith(AccessTagUpdate, await readJson(request));
  await setAccessTag(name, file_id, access_tag || null);
  await audit(request, "file.access_tag", name, { file_id, access_tag: access_tag || null });
  return json(await activeIngestor().getFileStatus(file_id, name));
}, "editor");
