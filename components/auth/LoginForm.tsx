"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { errorMessage } from "@/components/ui/http";
import { Field, TextInput } from "@/components/eri/fields";
import { localPath } from "@/lib/http/local-path";
import { logIn } from "./api";

/** Sign in with the server's ADMIN_TOKEN (everything) or CHAT_TOKEN (chat only). */
export function LoginForm({ next, onLoggedIn }: { next?: string; onLoggedIn?(): void }) {
  const id = useId();
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await logIn(token.trim());
          if (onLoggedIn) onLoggedIn();
          else window.location.assign(localPath(next, window.location.origin));
        } catch (err) {
          setError(errorMessage(err));
          setBusy(false);
        }
      }}
    >
      <Field id={`${id}-token`} label="Access token" hint="The server's ADMIN_TOKEN gives full access; its CHAT_TOKEN gives chat only.">
        <TextInput
          id={`${id}-token`}
          hint
          type="password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="current-password"
          required
        />
      </Field>
      {error && <ErrorNotice message={error} />}
      <Button variant="primary" type="submit" disabled={busy || !token.trim()}>
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
