import { badRequest } from "@/lib/errors";
import { requestOrigin } from "@/lib/http/origin";
import { route } from "@/lib/http/respond";
import { existingCollectionName } from "@/lib/knowledge/params";
import { principalOf } from "@/lib/security/principal";
import { exportLibrary } from "@/lib/polymath/export";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ name: string }> };

/** The collection as a Polymath library file with embeddings (`?format=polymath`, the only format). */
export const GET = route(async (request: Request, { params }: Ctx) => {
  const name = await existingCollectionName((await params).name, await principalOf(request));
  const format = new URL(request.url).searchParams.get("format") ?? "polymath";
  if (format !== "polymath") throw badRequest(`Unknown export format '${format}': use format=polymath`);
  const { fileName, body } = await exportLibrary(name, requestOrigin(request));
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
