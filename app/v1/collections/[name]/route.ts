import { json, route } from "@/lib/http/respond";
import { activeIngestor } from "@/lib/knowledge";
import { existingCollection } from "@/lib/knowledge/existing";
import { principalOf } from "@/lib/security/principal";
import { audit } from "@/lib/security/audit";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

type Ctx = { params: Promise<{ name: string }> };

export const GET = route(async (request: Request, { params }: Ctx) =>
  json(await existingCollection((await params).name, await principalOf(request))),
);

export const DELETE = route(async (request: Request, { params }: Ctx) => {
  const { name } = await existingCollection((await params).name, await principalOf(request), "edit");
  await activeIngestor().deleteCollection(name);
  await audit(request, "collection.delete", name);
  return json({ message: `Collection '${name}' deleted`, name });
});
