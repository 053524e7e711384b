import { fetchJson } from "@/components/ui/http";

/** The login form's call: the server answers with the role and sets an http-only session cookie. */
/** An account's sign-in: Better Auth answers with the user and sets its http-only session cookie. */
export const signInWithPassword = (email: string, password: string) =>
  fetchJson<{ user: { id: string } }>("/api/account/sign-in/email", { method: "POST", body: JSON.stringify({ email, password }) });

/** Single sign-on: Better Auth answers with the identity provider's sign-in address. */
export const startSingleSignOn = (callbackURL: string) =>
  fetchJson<{ url: string }>("/api/account/sign-in/social", {
    method: "POST",
    body: JSON.stringify({ provider: "oidc", callbackURL, disableRedirect: true }),
  });

export const logIn = (token: string) =>
  fetchJson<{ role: "admin" | "user" }>("/api/auth/login", { method: "POST", body: JSON.stringify({ token }) });
