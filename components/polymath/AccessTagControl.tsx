"use client";

import { useId, useState } from "react";
import type { FileInfo } from "@/lib/knowledge/schemas";
import { Button } from "@/components/ui/Button";
import { useAction } from "@/components/ui/useAction";
import { setFileAccessTag } from "./api";

/**
 * A file's Polymath access tag, in the collection's file table: shown, and edited in place
 * (admin API). A tagged file's bits leave the library host only for tokens granting the tag.
 */
export function AccessTagControl({ collection, file, onChanged }: { collection: string; file: FileInfo; onChanged(): void }) {
  const id = useId();
  const current = typeof file.metadata.access_tag === "string" ? file.metadata.access_tag : "";
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(current);
  const { busy, error, run } = useAction();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await setFileAccessTag(collection, file.file_id, value.trim() || null);
      setEditing(false);
      onChanged();
    });
  }

  if (!editing) {
    return (
      <div className="flex items-center gap-1.5">
        <span
          className={
            current
              ? "rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              : "text-slate-500 dark:text-slate-400"
          }
        >
          {current || "none"}
        </span>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Edit access tag of ${file.file_name}`}
          onClick={() => {
            setValue(current);
            setEditing(true);
          }}
        >
          Edit
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={save} className="flex flex-wrap items-center gap-1.5">
      <label htmlFor={`${id}-tag`} className="sr-only">
        Access tag of {file.file_name}
      </label>
      <input
        id={`${id}-tag`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        maxLength={64}
        placeholder="none"
        autoFocus
        className="h-8 w-28 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <Button size="sm" variant="primary" type="submit" disabled={busy}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
      {error && (
        <p role="alert" className="w-full text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
