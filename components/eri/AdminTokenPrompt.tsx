"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { rememberAdminToken } from "./api";
import { Field, TextInput } from "./fields";

/** Shown when the admin API answers 401: ADMIN_TOKEN is set on the server. */
export function AdminTokenPrompt({ onSaved }: { onSaved(): void }) {
  const id = useId();
  const [token, setToken] = useState("");
  return (
    <form
      className="max-w-md space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
      onSubmit={(e) => {
        e.preventDefault();
        rememberAdminToken(token.trim());
        onSaved();
      }}
    >
      <p className="text-sm">These settings need the admin token (the server&apos;s ADMIN_TOKEN).</p>
      <Field id={`${id}-token`} label="Admin token">
        <TextInput id={`${id}-token`} type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="current-password" required />
      </Field>
      <Button variant="primary" type="submit" disabled={!token.trim()}>
        Continue
      </Button>
    </form>
  );
}
