import type { Server } from "node:http";
import { expect, test } from "@playwright/test";
import Provider from "oidc-provider";
import { startInstance, type AppInstance } from "./pages/instance";
import { OPEN_PORT } from "./pages/protected";

/**
 * Single sign-on end to end: a real OpenID Connect provider (oidc-provider, a certified
 * implementation) started here, and an app instance configured for it. A person signs in on the
 * provider's page, comes back signed in with the groups its claim carries, and signing out ends
 * the session on the server.
 */

const IDP_PORT = OPEN_PORT + 8;
const APP_PORT = OPEN_PORT + 9;
const ISSUER = `http://127.0.0.1:${IDP_PORT}`;
const APP = `http://127.0.0.1:${APP_PORT}`;
const ADMIN = "e2e-sso-admin-token-0123456789";
const CLIENT = { client_id: "docchat", client_secret: "docchat-client-secret-0123456789" };

let idp: Server;
let app: AppInstance | undefined;

test.beforeAll(async () => {
  const provider = new Provider(ISSUER, {
    clients: [
      { ...CLIENT, redirect_uris: [`${APP}/api/account/callback/oidc`], response_types: ["code"], grant_types: ["authorization_code"] },
    ],
    scopes: ["openid", "email", "profile", "groups"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: `${id}@example.org`,
        email_verified: true,
        name: id,
        groups: id === "alice" ? ["hr", "staff"] : ["staff"],
      }),
    }),
  });
  idp = provider.listen(IDP_PORT);
  // The suite's build, started with SSO on.
  app = await startInstance(APP_PORT, {
    ADMIN_TOKEN: ADMIN,
    // The address the provider sends people back to (and the origin sign-in requests must come from).
    PUBLIC_BASE_URL: APP,
    // Readers must sign in (without it chat and reading are open to anyone who reaches the app).
    CHAT_TOKEN: "e2e-sso-chat-token-0123456789",
    OIDC_ISSUER: ISSUER,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
    OIDC_SCOPES: "openid email profile groups",
    OIDC_NAME: "Test IdP",
  });
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => (idp ? idp.close(() => resolve()) : resolve()));
});

test("signs in through the identity provider, brings its groups, and signing out ends the session", async ({ page, request }) => {
  await page.goto(`${APP}/`);
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole("button", { name: "Continue with Test IdP" }).click();

  // oidc-provider's own sign-in and consent pages.
  await expect(page).toHaveURL(new RegExp(`^${ISSUER}/interaction/`));
  await page.locator("input[name=login]").fill("alice");
  await page.locator("input[name=password]").fill("any");
  await page.locator("button[type=submit]").click();
  await page.locator("button[type=submit]").click(); // consent: Continue

  await expect(page).toHaveURL(`${APP}/`);
  const session = (await (await page.request.get(`${APP}/api/account/get-session`)).json()) as { user: { email: string; groups: string } };
  expect(session.user.email).toBe("alice@example.org");
  expect(JSON.parse(session.user.groups)).toEqual(["hr", "staff"]);
  const users = (await (await request.get(`${APP}/api/users`, { headers: { authorization: `Bearer ${ADMIN}` } })).json()) as {
    users: { email: string; groups: string[]; active_sessions: number }[];
  };
  expect(users.users).toEqual([expect.objectContaining({ email: "alice@example.org", groups: ["hr", "staff"], active_sessions: 1 })]);
  // The audit trail says the provider brought her in, with her groups.
  const trail = (await (
    await request.get(`${APP}/api/audit?actor=alice%40example.org`, { headers: { authorization: `Bearer ${ADMIN}` } })
  ).json()) as {
    events: { action: string; via: string }[];
  };
  expect(trail.events.map((e) => `${e.action} ${e.via}`).sort()).toEqual(["auth.sign_in sso", "user.create sso", "user.update sso"]);

  const cookies = (await page.context().cookies(APP)).map((c) => `${c.name}=${c.value}`).join("; ");
  expect((await request.get(`${APP}/v1/collections`, { headers: { cookie: cookies } })).status()).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  // The old cookie is worth nothing now: its session row is gone.
  expect((await request.get(`${APP}/v1/collections`, { headers: { cookie: cookies } })).status()).toBe(401);
  // Signing out is in the trail too, as her.
  const after = (await (
    await request.get(`${APP}/api/audit?actor=alice%40example.org&action=auth.sign_out`, { headers: { authorization: `Bearer ${ADMIN}` } })
  ).json()) as { events: { action: string }[] };
  expect(after.events).toHaveLength(1);
});
