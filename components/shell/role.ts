import { headers } from "next/headers";
import { roleOf, type Role } from "@/lib/security/access";

/**
 * The role of the request a server component renders for (the same check the proxy makes),
 * so pages show only what that role may open.
 */
export async function currentRole(): Promise<Role | null> {
  return roleOf(new Request("http://page.local/", { headers: await headers() }));
}
