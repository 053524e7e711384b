import { liveSetting } from "@/lib/config";
import { anyTokenSet } from "./access";

/**
 * The Host header allow-list. A DNS-rebinding page reaches this server under the attacker's
 * host name; refusing unknown Host values keeps it from driving an open local instance.
 * ALLOWED_HOSTS (comma-separated names, `*.example.com` for subdomains) when set; otherwise the
 * loopback names, the HOST the server binds to and PUBLIC_BASE_URL's host — and, once a token
 * protects the app, any name (a rebinding page holds no credentials for it).
 */

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]", "::1"];

function configuredHosts(): string[] | null {
  const listed = liveSetting("ALLOWED_HOSTS");
  if (listed)
    return listed
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
  if (anyTokenSet()) return null;
  const names = [...LOOPBACK];
  const bound = liveSetting("HOST")?.toLowerCase();
  if (bound && bound !== "0.0.0.0" && bound !== "::") names.push(bound);
  const publicUrl = liveSetting("PUBLIC_BASE_URL");
  if (publicUrl) {
    try {
      names.push(new URL(publicUrl).hostname.toLowerCase());
    } catch {
      // an invalid PUBLIC_BASE_URL is reported by the config check
    }
  }
  return names;
}

/** The host name of a Host header value, without its port. */
export function hostName(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.replace(/:\d+$/, "");
}

export function hostAllowed(hostHeader: string | null): boolean {
  const allowed = configuredHosts();
  if (allowed === null) return true;
  if (!hostHeader) return false;
  const name = hostName(hostHeader);
  return allowed.some((entry) => (entry.startsWith("*.") ? name.endsWith(entry.slice(1)) : name === entry));
}
