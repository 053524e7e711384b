import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { config, type NETWORK_KEYWORDS } from "@/lib/config";
import { anyTokenSet } from "./access";

/**
 * Which addresses the server itself may connect to for an admin-given URL (remote ERI
 * sources): ERI_ALLOWED_NETWORKS, a comma list of `public`, `private`, `loopback`, `link-local`,
 * CIDR ranges, or `all`. Default: `all` in local single-user mode (no token: the admin is the
 * person at this machine), `public` once a token puts the app on a network, so an admin's
 * "test connection" cannot probe the server's own network. Host names are resolved first and
 * every address they resolve to must be allowed.
 */

type Kind = Exclude<(typeof NETWORK_KEYWORDS)[number], "all" | "public">;

function ranges(list: [string, number, "ipv4" | "ipv6"][]): BlockList {
  const block = new BlockList();
  for (const [address, prefix, family] of list) block.addSubnet(address, prefix, family);
  return block;
}

const KINDS: Record<Kind, BlockList> = {
  loopback: ranges([
    ["127.0.0.0", 8, "ipv4"],
    ["0.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
    ["::", 128, "ipv6"],
  ]),
  private: ranges([
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["100.64.0.0", 10, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ]),
  // Cloud metadata services live here (169.254.169.254).
  "link-local": ranges([
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ]),
};

export class OutboundRefused extends Error {
  constructor(host: string) {
    super(`${host} is outside the networks this server may connect to (ERI_ALLOWED_NETWORKS)`);
    this.name = "OutboundRefused";
  }
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is checked as the IPv4 address it is. */
function normalized(address: string): { address: string; family: "ipv4" | "ipv6" } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: "ipv4" };
  return { address, family: isIP(address) === 6 ? "ipv6" : "ipv4" };
}

/** The configured list, or the default for this instance. */
function allowedNetworks(): string[] {
  return config().eriAllowedNetworks ?? (anyTokenSet() ? ["public"] : ["all"]);
}

export function addressAllowed(raw: string, allowed = allowedNetworks()): boolean {
  if (allowed.includes("all")) return true;
  const { address, family } = normalized(raw);
  const kind = (Object.keys(KINDS) as Kind[]).find((k) => KINDS[k].check(address, family));
  if (kind ? allowed.includes(kind) : allowed.includes("public")) return true;
  return allowed.some((entry) => {
    const [base, prefix] = entry.split("/");
    if (!prefix || !isIP(base)) return false;
    const block = new BlockList();
    const net = normalized(base);
    block.addSubnet(net.address, Number(prefix), net.family);
    return block.check(address, family);
  });
}

/** Throws OutboundRefused unless every address `url`'s host stands for is allowed. */
export async function assertOutboundAllowed(url: string): Promise<void> {
  const allowed = allowedNetworks();
  if (allowed.includes("all")) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  // A name that does not resolve fails at connect time, as it would anyway.
  if (!addresses.every((a) => addressAllowed(a, allowed))) throw new OutboundRefused(host);
}
