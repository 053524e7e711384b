import { fetchJson } from "@/components/ui/http";

/** The login form's call: the server answers with the role and sets an http-only session cookie. */
export const logIn = (token: string) =>
  fetchJson<{ role: "admin" | "user" }>("/api/auth/login", { method: "POST", body: JSON.stringify({ token }) });
