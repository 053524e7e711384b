import { createServer, type AddressInfo } from "node:net";
import type { Server } from "node:http";
import Provider from "oidc-provider";
import { GET as accountGet, POST as accountPost } from "@/app/api/account/[...all]/route";
import { ORIGIN, request, type Handler } from "./accounts";

/**
 * A real OpenID Connect provider (oidc-provider, a certified implementation) in the test process,
 * and a sign-in through it driven as a browser would: the app's sign-in answers the provider's
 * address, the person signs in and consents on the provider's own pages, and the provider sends
 * them back to the app's callback, which is called in process. e2e/sso.spec.ts does the same in a
 * real browser against a started server.
 */

export const CLIENT = { client_id: "docchat", client_secret: "docchat-client-secret-0123456789" };

export interface IdentityProvider {
  issuer: string;
  /** The app's settings for it (with ADMIN_TOKEN and PUBLIC_BASE_URL = ORIGIN). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts a provider on a free port whose people (`login` name → groups) sign in with any password. */
export async function startIdentityProvider(people: Record<string, string[]>): Promise<IdentityProvider> {
  let server: Server | undefined;
  const listening = new Promise<number>((resolve) => {
    // The issuer must be known before the provider exists: take a free port first.
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const port = await listening;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${ORIGIN}/api/account/callback/oidc`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    scopes: ["openid", "email", "profile", "groups"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    findAccount: async (_ctx, id) =>
      id in people
        ? {
            accountId: id,
            claims: async () => ({ sub: id, email: `${id}@example.org`, email_verified: true, name: id, groups: people[id] }),
          }
        : undefined,
  });
  await new Promise<void>((resolve) => {
    server = provider.listen(port, () => resolve());
  });
  return {
    issuer,
    env: {
      PUBLIC_BASE_URL: ORIGIN,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT.client_id,
      OIDC_CLIENT_SECRET: CLIENT.client_secret,
      OIDC_SCOPES: "openid email profile groups",
    },
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

/** A cookie jar of one site: `name=value` pairs kept from Set-Cookie headers. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

const formAction = (html: string) => /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? null;

/**
 * Signs `login` in through the provider, as a browser would; answers the app's session cookie
 * (`name=value; …`), or throws saying where the flow stopped.
 */
export async function signInThroughProvider(idp: IdentityProvider, login: string): Promise<string> {
  const app = new Jar();
  const start = await (accountPost as Handler)(
    request("/api/account/sign-in/social", { body: { provider: "oidc", callbackURL: "/", disableRedirect: true } }),
    { params: Promise.resolve({}) },
  );
  if (start.status !== 200) throw new Error(`sign-in did not start: ${start.status} ${await start.text()}`);
  app.take(start);
  let url = ((await start.json()) as { url: string }).url;
  const idpJar = new Jar();
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(ORIGIN)) {
      // Back at the app: its callback, called in process with the cookies it set at the start.
      const callback = await (accountGet as Handler)(new Request(url, { headers: { cookie: app.header() } }), {
        params: Promise.resolve({}),
      });
      if (callback.status !== 302) throw new Error(`callback answered ${callback.status}: ${await callback.text()}`);
      app.take(callback);
      if (!/better-auth\.session_token=/.test(app.header()))
        throw new Error(`no session after the callback (${callback.headers.get("location")})`);
      return app.header();
    }
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      headers: { cookie: idpJar.header(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body,
      redirect: "manual",
    });
    idpJar.take(response);
    body = undefined;
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const action = formAction(html);
    if (response.status !== 200 || !action) throw new Error(`the provider stopped at ${url}: ${response.status} ${html.slice(0, 300)}`);
    // The sign-in page asks for a login; the consent page only for Continue.
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: "login", login, password: "any" })
      : new URLSearchParams({ prompt: "consent" });
    url = new URL(action, url).toString();
  }
  throw new Error("the sign-in went round in circles");
}
