import { createHash, timingSafeEqual } from "node:crypto";
import { liveSetting } from "@/lib/config";
import { unauthorized } from "@/lib/errors";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Cron routes answer only to `Authorization: Bearer <CRON_SECRET>`, as Vercel Cron sends it.
 * Without CRON_SECRET they refuse every call: secure by default.
 */
export function requireCronSecret(request: Request): void {
  const secret = liveSetting("CRON_SECRET");
  const sent =
    request.headers
      .get("authorization")
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim() ?? "";
  if (!secret || !timingSafeEqual(digest(sent), digest(secret))) {
    throw unauthorized(secret ? "Invalid cron secret" : "CRON_SECRET is not set: the cron route is disabled");
  }
}
