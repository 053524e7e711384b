import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { requestOrigin } from "@/lib/http/origin";
import { safeEqual } from "@/lib/security/hashing";

/**
 * What the Copilot plugin needs to know about this deployment: the address Microsoft 365
 * reaches it by, and whether the search asks for an API key.
 */
export interface CopilotSettings {
  /** Absolute origin (plus any path prefix), no trailing slash: PUBLIC_BASE_URL, else the request's. */
  baseUrl: string;
  /** True when the base URL came from PUBLIC_BASE_URL rather than from the request. */
  baseUrlConfigured: boolean;
  /** COPILOT_API_KEY is set: the search needs it as a Bearer token. */
  requiresKey: boolean;
  /** The key's registration id in Microsoft's plugin vault (COPILOT_API_KEY_REFERENCE_ID). */
  referenceId: string | null;
  /** The publisher's privacy statement and terms of use (COPILOT_PRIVACY_URL, COPILOT_TERMS_URL). */
  privacyUrl: string | null;
  termsUrl: string | null;
}

export function copilotSettings(request: Request): CopilotSettings {
  const { publicBaseUrl, copilot } = config();
  return {
    baseUrl: publicBaseUrl ?? requestOrigin(request),
    baseUrlConfigured: publicBaseUrl !== null,
    requiresKey: copilot.apiKey !== null,
    referenceId: copilot.apiKeyReferenceId,
    privacyUrl: copilot.privacyUrl,
    termsUrl: copilot.termsUrl,
  };
}

/** For server components, which see the request's headers but not the request. */
export function copilotSettingsFromHeaders(headers: Headers): CopilotSettings {
  const host = headers.get("host") ?? "localhost";
  return copilotSettings(new Request(`http://${/^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : "localhost"}/`, { headers }));
}

/** 401 unless the request carries `Authorization: Bearer <COPILOT_API_KEY>` (when one is set). */
export function requireCopilotKey(request: Request): void {
  const expected = config().copilot.apiKey;
  if (!expected) return;
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim();
  if (!given || !safeEqual(given, expected)) {
    throw new AppError(401, "API key required: send Authorization: Bearer <COPILOT_API_KEY>");
  }
}
