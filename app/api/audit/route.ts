import { json, parseWith, route } from "@/lib/http/respond";
import { auditActors, AuditQuery, listAudit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

/** The audit trail, newest first (admins only: lib/security/policy.ts): `?actor=&action=&before=&limit=`,
 * with everyone who appears in it (`actors`). */
export const GET = route(async (request: Request) => {
  const query = parseWith(AuditQuery, Object.fromEntries(new URL(request.url).searchParams));
  // Everyone in the trail comes along, for the page's filter.
  return json({ events: await listAudit(query), actors: await auditActors() });
});
