"use client";

import { useId, useState } from "react";
import type { UserView } from "@/lib/auth/users";
import { Field, TextInput, inputClass } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { INTEGRATION_SCOPES, type Grant } from "./access-api";

type Kind = Grant["subject_type"];

/** Grants one subject read or edit access: a group (typed, known ones suggested), a person, an integration, or everyone. */
export function GrantForm({ users, busy, onGrant }: { users: UserView[] | null; busy: boolean; onGrant(grant: Grant): void }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>("group");
  const [subject, setSubject] = useState("");
  const [access, setAccess] = useState<Grant["access"]>("read");
  const knownGroups = [...new Set((users ?? []).flatMap((u) => u.groups))].sort();
  const subjectId = kind === "everyone" ? "" : subject.trim();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    onGrant({ subject_type: kind, subject_id: subjectId, access });
    setSubject("");
  }

  return (
    <form
      onSubmit={submit}
      aria-label="Grant access"
      className="grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-[10rem_minmax(0,1fr)_9rem_auto] md:items-end dark:border-slate-800"
    >
      <Field id={`${id}-kind`} label="Grant to">
        <select
          id={`${id}-kind`}
          className={inputClass}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setSubject("");
          }}
        >
          <option value="group">A group</option>
          <option value="user">A person</option>
          <option value="scope">An integration</option>
          <option value="everyone">Every reader</option>
        </select>
      </Field>
      <Field
        id={`${id}-subject`}
        label={kind === "group" ? "Group" : kind === "user" ? "Person" : kind === "scope" ? "Integration" : "Who"}
      >
        {kind === "group" || (kind === "user" && !users) ? (
          <>
            <TextInput
              id={`${id}-subject`}
              list={kind === "group" ? `${id}-groups` : undefined}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              placeholder={kind === "group" ? "e.g. hr" : "user id"}
              required
              maxLength={200}
            />
            <datalist id={`${id}-groups`}>
              {knownGroups.map((g) => (
                <option key={g} value={g} />
              ))}
            </datalist>
          </>
        ) : kind === "everyone" ? (
          <p className="py-2 text-sm text-slate-600 dark:text-slate-400">Everyone who may chat</p>
        ) : (
          <select id={`${id}-subject`} className={inputClass} value={subject} onChange={(e) => setSubject(e.target.value)} required>
            <option value="">Choose…</option>
            {kind === "user"
              ? users!.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name} ({u.email})
                  </option>
                ))
              : INTEGRATION_SCOPES.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-access`} label="Access">
        <select
          id={`${id}-access`}
          className={inputClass}
          value={access}
          onChange={(e) => setAccess(e.target.value === "edit" ? "edit" : "read")}
        >
          <option value="read">May read</option>
          <option value="edit">May edit</option>
        </select>
      </Field>
      <Button variant="primary" type="submit" disabled={busy || (kind !== "everyone" && !subjectId)}>
        Grant
      </Button>
    </form>
  );
}
