"use client";

import { useId, useState } from "react";
import { Field, TextInput, inputClass } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { useAction } from "@/components/ui/useAction";
import { asRole, ROLES } from "@/lib/security/roles";
import { createUser, ROLE_LABELS, splitGroups } from "./api";

const EMPTY = { email: "", name: "", password: "", role: "user", groups: "" };

/** A new account: the admin passes its e-mail and password on to the person (no one signs themselves up). */
export function CreateUserForm({ onCreated }: { onCreated(): void }) {
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [created, setCreated] = useState<string | null>(null);
  const creating = useAction();
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setCreated(null);
    await creating.run(async () => {
      const user = await createUser({ ...form, email: form.email.trim(), role: asRole(form.role), groups: splitGroups(form.groups) });
      setCreated(user.email);
      setForm(EMPTY);
      onCreated();
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Add a person
      </h2>
      <form
        onSubmit={submit}
        aria-label="Add a person"
        className="grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-2 dark:border-slate-800"
      >
        <Field id={`${id}-email`} label="E-mail">
          <TextInput
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={set("email")}
            required
            maxLength={254}
          />
        </Field>
        <Field id={`${id}-name`} label="Name">
          <TextInput id={`${id}-name`} autoComplete="off" value={form.name} onChange={set("name")} required maxLength={200} />
        </Field>
        <Field id={`${id}-password`} label="Password" hint="At least 12 characters; give it to them in person or another safe way.">
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
        <Field id={`${id}-role`} label="Role">
          <select id={`${id}-role`} className={inputClass} value={form.role} onChange={set("role")}>
            {[...ROLES].reverse().map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r].name}: {ROLE_LABELS[r].does}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-groups`} label="Groups" hint="Separate several with commas; collections are granted to groups.">
          <TextInput id={`${id}-groups`} hint value={form.groups} onChange={set("groups")} placeholder="e.g. hr, staff" />
        </Field>
        <div className="flex items-end">
          <Button variant="primary" type="submit" disabled={creating.busy}>
            Add person
          </Button>
        </div>
        {creating.error && (
          <p role="alert" className="text-sm text-red-700 md:col-span-2 dark:text-red-300">
            {creating.error}
          </p>
        )}
        {created && (
          <p role="status" className="text-sm text-green-800 md:col-span-2 dark:text-green-300">
            {created} can sign in now.
          </p>
        )}
      </form>
    </section>
  );
}
