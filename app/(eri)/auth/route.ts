import { AuthResponse } from "@/lib/eri/schemas";
import { authenticate } from "@/lib/eri/server/auth";
import { eriJson, eriRoute } from "@/lib/eri/server/http";

/** ERI v1 login: `POST /auth?authMethod=NONE|TOKEN|USERNAME_PASSWORD`, credentials in headers, no body. */
export const POST = eriRoute(
  async (request, settings) => {
    const { status, body } = await authenticate(settings, new URL(request.url).searchParams.get("authMethod"), request.headers);
    return eriJson(AuthResponse, body, status);
  },
  { requireSession: false },
);
