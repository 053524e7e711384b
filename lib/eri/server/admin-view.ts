import { listCollectionRows } from "@/lib/knowledge/repo";
import { requestOrigin } from "@/lib/http/origin";
import { viewServerSettings, type ServerSettings, type ServerSettingsView } from "./settings";

export interface ServerAddress {
  /** The full address, e.g. http://localhost:3000 — the ERI routes live at its root. */
  url: string;
  /** AI Studio asks for these two separately ("Hostname" with the scheme, and "Port"). */
  hostname: string;
  port: number;
}

export interface ServerSettingsResponse {
  settings: ServerSettingsView;
  address: ServerAddress;
  collections: string[];
}

/** The address as the admin's browser reached this app; behind a proxy, as the proxy reports it. */
export function serverAddress(request: Request): ServerAddress {
  const url = new URL(requestOrigin(request));
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  return { url: url.origin, hostname: `${url.protocol}//${url.hostname}`, port };
}

export async function serverSettingsResponse(settings: ServerSettings, request: Request): Promise<ServerSettingsResponse> {
  const collections = (await listCollectionRows()).map((c) => c.name);
  return { settings: viewServerSettings(settings), address: serverAddress(request), collections };
}
