"use client";

import { useId, useState } from "react";
import { Field, TextInput } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { useAction } from "@/components/ui/useAction";

export interface NewAccount {
  email: string;
  name: string;
  password: string;
}

/**
 * The person's own details for a new account (an accepted invite, the first admin): e-mail (unless
 * fixed), name and a password typed twice. On success the server has signed them in: go home.
 */
export function NewAccountForm({
  fixedEmail,
  submitLabel,
  onSubmit,
}: {
  fixedEmail?: string | null;
  submitLabel: string;
  onSubmit(account: NewAccount): Promise<void>;
}) {
  const id = useId();
  const [form, setForm] = useState({ email: fixedEmail ?? "", name: "", password: "", repeat: "" });
  const saving = useAction();
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const mismatch = form.repeat !== "" && form.repeat !== form.password;

  return (
    <form
      className="space-y-4"
      data-testid="new-account"
      onSubmit={async (e) => {
        e.preventDefault();
        if (mismatch) return;
        const ok = await saving.run(() => onSubmit({ email: form.email.trim(), name: form.name.trim(), password: form.password }));
        // A full load, so the whole page sees the new session.
        if (ok) window.location.assign(new URL("/", window.location.origin));
      }}
    >
      <Field id={`${id}-email`} label="E-mail">
        <TextInput
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          value={form.email}
          onChange={set("email")}
          readOnly={Boolean(fixedEmail)}
          required
          maxLength={254}
        />
      </Field>
      <Field id={`${id}-name`} label="Your name">
        <TextInput id={`${id}-name`} autoComplete="name" value={form.name} onChange={set("name")} required maxLength={200} />
      </Field>
      <Field id={`${id}-password`} label="Password" hint="At least 12 characters.">
        <TextInput
          id={`${id}-password`}
          hint
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set("password")}
          required
          minLength={12}
          maxLength={128}
        />
      </Field>
      <Field id={`${id}-repeat`} label="Password again" hint={mismatch ? "The two passwords differ." : undefined}>
        <TextInput
          id={`${id}-repeat`}
          hint={mismatch}
          type="password"
          autoComplete="new-password"
          value={form.repeat}
          onChange={set("repeat")}
          aria-invalid={mismatch || undefined}
          required
        />
      </Field>
      {saving.error && <ErrorNotice message={saving.error} />}
      <Button variant="primary" type="submit" disabled={saving.busy || mismatch}>
        {saving.busy ? "Creating your account…" : submitLabel}
      </Button>
    </form>
  );
}
