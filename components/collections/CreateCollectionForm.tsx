"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { errorMessage } from "@/components/ui/http";
import { createCollection } from "./api";

interface Props {
  namePattern: string;
  existingNames: string[];
  onCreated(name: string): void;
}

const inputClass =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";

/** Checks the name as it is typed (same rule as the server), then POSTs it. */
export function CreateCollectionForm({ namePattern, existingNames, onCreated }: Props) {
  const id = useId();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const problem = nameProblem(name, namePattern, existingNames);
  const showProblem = name.length > 0 && problem !== null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (problem) return;
    setBusy(true);
    setServerError(null);
    try {
      await createCollection(name, description);
      setCreated(name);
      setName("");
      setDescription("");
      onCreated(name);
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        New collection
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-3 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto] md:items-start">
        <div>
          <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setServerError(null);
              setCreated(null);
            }}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. hr_policies"
            aria-invalid={showProblem}
            aria-describedby={`${id}-name-hint`}
            className={`${inputClass} ${showProblem ? "border-red-500 dark:border-red-400" : "border-slate-300 dark:border-slate-600"}`}
          />
          <p
            id={`${id}-name-hint`}
            aria-live="polite"
            className={`mt-1 text-xs ${showProblem ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-400"}`}
          >
            {showProblem ? problem : "Lowercase letters, digits and underscores; starts with a letter."}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-medium">
            Description <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
          </label>
          <input
            id={`${id}-description`}
            name="description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={2000}
            placeholder="What these documents are about"
            className={`${inputClass} border-slate-300 dark:border-slate-600`}
          />
        </div>
        <Button type="submit" variant="primary" disabled={busy || problem !== null} className="md:mt-6">
          {busy ? "Creating…" : "Create collection"}
        </Button>
      </form>
      <div aria-live="polite">
        {serverError && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
            {serverError}
          </p>
        )}
        {created && <p className="mt-2 text-sm text-green-800 dark:text-green-300">Collection “{created}” created.</p>}
      </div>
    </section>
  );
}

/** The server's rule decides; the specific wording only helps to fix the name. */
function nameProblem(name: string, pattern: string, existing: string[]): string | null {
  if (!name) return "Enter a name.";
  if (!new RegExp(pattern).test(name)) {
    if (!/^[A-Za-z]/.test(name)) return "Start the name with a letter.";
    if (/[A-Z]/.test(name)) return "Use lowercase letters only.";
    const bad = name.match(/[^a-z0-9_]/)?.[0];
    if (bad) return `${bad === " " ? "Spaces are" : `“${bad}” is`} not allowed: use lowercase letters, digits and underscores.`;
    if (name.length > 63) return "Use at most 63 characters.";
    return "Use lowercase letters, digits and underscores, starting with a letter.";
  }
  if (existing.includes(name)) return `A collection named “${name}” already exists.`;
  return null;
}
