"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { errorMessage } from "@/components/ui/http";
import { Field, TextInput } from "@/components/eri/fields";
import { localPath } from "@/lib/http/local-path";
import { signInWithPassword } from "./api";

/** Sign in with the account an administrator created (e-mail and password): a server-side session. */
export function AccountLoginForm({ next }: { next?: string }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="space-y-4"
      data-testid="account-login"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await signInWithPassword(email.trim(), password);
          window.location.assign(localPath(next, window.location.origin));
        } catch (err) {
          setError(errorMessage(err));
          setBusy(false);
        }
      }}
    >
      <Field id={`${id}-email`} label="E-mail">
        <TextInput
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="username"
          required
        />
      </Field>
      <Field id={`${id}-password`} label="Password">
        <TextInput
          id={`${id}-password`}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
        />
      </Field>
      {error && <ErrorNotice message={error} />}
      <Button variant="primary" type="submit" disabled={busy || !email.trim() || !password}>
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
