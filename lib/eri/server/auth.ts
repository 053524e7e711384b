import { safeEqual, verifyCredential } from "@/lib/security/hashing";
import { AuthMethod, type AuthResponse, type AuthScheme } from "../schemas";
import { clientAddress, throttledLogin } from "@/lib/security/rate-limit";
import { isApiKey, userOfApiKey } from "@/lib/auth/api-keys";
import { adminToken } from "@/lib/security/access";
import { createSession } from "./sessions";
import type { ServerSettings } from "./settings";

/**
 * Login for this app's ERI server, exactly as AI Studio sends it: `POST /auth?authMethod=X`
 * with no body; TOKEN in `Authorization: Bearer <secret>`, USERNAME_PASSWORD in the headers
 * `user` and `password`. A failed login answers 401 (AI Studio never reads `success`).
 */

export const USERNAME_HEADER = "user";
export const PASSWORD_HEADER = "password";

export function authSchemes(settings: ServerSettings): AuthScheme[] {
  return settings.authMethods.map((method): AuthScheme => {
    switch (method) {
      case "NONE":
        return { authMethod: "NONE", authFieldMappings: [] };
      case "TOKEN":
        return { authMethod: "TOKEN", authFieldMappings: [{ authField: "TOKEN", fieldName: "Authorization" }] };
      case "USERNAME_PASSWORD":
        return {
          authMethod: "USERNAME_PASSWORD",
          authFieldMappings: [
            { authField: "USERNAME", fieldName: USERNAME_HEADER },
            { authField: "PASSWORD", fieldName: PASSWORD_HEADER },
          ],
        };
    }
  });
}

export interface AuthOutcome {
  status: number;
  body: AuthResponse;
}

const refuse = (status: number, message: string): AuthOutcome => ({ status, body: { success: false, message } });

export async function authenticate(settings: ServerSettings, rawMethod: string | null, headers: Headers): Promise<AuthOutcome> {
  const parsed = AuthMethod.safeParse(rawMethod);
  if (!parsed.success) {
    return refuse(400, `Query parameter authMethod must be one of ${AuthMethod.options.join(", ")}`);
  }
  const method = parsed.data;
  if (method === "KERBEROS" || !settings.authMethods.includes(method)) {
    return refuse(401, `Authentication method ${method} is not offered by this data source`);
  }
  // NONE has nothing to guess; the others are throttled (a 429 carries Retry-After).
  const key = method === "USERNAME_PASSWORD" ? `user:${headers.get(USERNAME_HEADER) ?? ""}` : method;
  // A person's API key (TOKEN) logs in as that person: the session then reads what they may read.
  let apiKeyId: string | null = null;
  const matched =
    method === "NONE"
      ? true
      : await throttledLogin("eri", { account: key, client: clientAddress(headers) }, async () => {
          const bearer = bearerOf(headers);
          if (method === "TOKEN" && bearer && isApiKey(bearer) && adminToken()) {
            apiKeyId = (await userOfApiKey(bearer))?.keyId ?? null;
            return apiKeyId !== null;
          }
          return credentialsMatch(settings, method, headers);
        });
  if (!matched) {
    return refuse(401, method === "TOKEN" ? "Invalid token" : "Invalid user name or password");
  }
  const { token } = await createSession(settings.sessionTtlMinutes, apiKeyId);
  return { status: 200, body: { success: true, token, message: null } };
}

const bearerOf = (headers: Headers) => /^Bearer\s+(.+)$/i.exec(headers.get("authorization")?.trim() ?? "")?.[1]?.trim() || null;

async function credentialsMatch(
  settings: ServerSettings,
  method: "NONE" | "TOKEN" | "USERNAME_PASSWORD",
  headers: Headers,
): Promise<boolean> {
  if (method === "NONE") return true;
  if (method === "TOKEN") {
    const bearer = bearerOf(headers);
    return bearer !== null && (await verifyCredential(bearer, settings.tokenHash));
  }
  const user = headers.get(USERNAME_HEADER) ?? "";
  const password = headers.get(PASSWORD_HEADER) ?? "";
  // Always run the (slow) password check so timing does not reveal whether the user name matched.
  const passwordOk = await verifyCredential(password, settings.passwordHash);
  return Boolean(settings.username) && safeEqual(user, settings.username!) && passwordOk;
}
