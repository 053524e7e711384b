import { headers } from "next/headers";
import type { Role } from "@/lib/security/access";
import { roleOfRequest } from "@/lib/security/principal";

/**
 * The role of the request a server component renders for (the same check the proxy makes),
 * so pages show only what that role may open.
 */
export async function currentRole(): Promise<Role | null> {
  return roleOfRequest(new Request("http://page.local/", { headers: await headers() }));
}
