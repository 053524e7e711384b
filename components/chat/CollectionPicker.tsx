"use client";

import Link from "next/link";
import { useId } from "react";
import type { CollectionInfo } from "@/lib/knowledge/schemas";
import type { EriSourceSummary } from "./useCollections";
import { buttonClass } from "@/components/ui/Button";
import { usePopover } from "@/components/ui/usePopover";
import { formatCount } from "@/components/ui/format";
import { StrokeIcon } from "@/components/ui/StrokeIcon";

interface Props {
  collections: CollectionInfo[] | undefined;
  /** Selected names; empty means all collections. */
  selected: string[];
  onChange(selected: string[]): void;
  /** Enabled remote ERI sources; searched only when ticked. */
  sources: EriSourceSummary[];
  selectedSources: string[];
  onSourcesChange(selected: string[]): void;
}

/** Which collections the chat searches (none ticked = all). */
export function CollectionPicker({ collections, selected, onChange, sources, selectedSources, onSourcesChange }: Props) {
  const id = useId();
  const { open, setOpen, containerRef, triggerRef } = usePopover();
  const base = selected.length === 0 ? "All collections" : selected.length === 1 ? selected[0] : `${selected.length} collections`;
  const label = selectedSources.length ? `${base} + ${selectedSources.length} remote` : base;

  function toggle(name: string) {
    onChange(selected.includes(name) ? selected.filter((n) => n !== name) : [...selected, name]);
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
        className={buttonClass("secondary", "sm", "max-w-[12rem] sm:max-w-xs")}
      >
        <FolderIcon />
        <span className="sr-only">Search in: </span>
        <span className="truncate">{label}</span>
        <ChevronIcon />
      </button>
      {open && (
        <div
          id={`${id}-panel`}
          className="absolute left-0 z-30 mt-1 w-72 max-w-[calc(100vw-1.5rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <fieldset>
            <legend className="px-2 py-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
              Search in
            </legend>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              <input type="checkbox" checked={selected.length === 0} onChange={() => onChange([])} className="h-4 w-4 accent-indigo-600" />
              All collections
            </label>
            {collections === undefined && <p className="px-2 py-1.5 text-sm text-slate-600 dark:text-slate-400">Loading…</p>}
            <div className="max-h-64 overflow-y-auto">
              {collections?.map((c) => (
                <label
                  key={c.name}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  <input
                    type="checkbox"
                    checked={selected.includes(c.name)}
                    onChange={() => toggle(c.name)}
                    className="h-4 w-4 accent-indigo-600"
                  />
                  <span className="min-w-0 flex-1 truncate">{c.name}</span>
                  <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">{formatCount(c.file_count, "file")}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {sources.length > 0 && (
            <fieldset className="mt-1 border-t border-slate-100 pt-1 dark:border-slate-800">
              <legend className="sr-only">Remote sources</legend>
              <p aria-hidden="true" className="px-2 py-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                Remote sources (ERI)
              </p>
              {sources.map((s) => (
                <label
                  key={s.id}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  <input
                    type="checkbox"
                    checked={selectedSources.includes(s.id)}
                    onChange={() =>
                      onSourcesChange(
                        selectedSources.includes(s.id) ? selectedSources.filter((id) => id !== s.id) : [...selectedSources, s.id],
                      )
                    }
                    className="h-4 w-4 accent-indigo-600"
                  />
                  <span className="min-w-0 flex-1 truncate">{s.name}</span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="mt-1 border-t border-slate-100 px-2 pt-2 dark:border-slate-800">
            <Link href="/collections" className="text-sm text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
              Manage collections
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}

function FolderIcon() {
  return (
    <StrokeIcon d="M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" className="h-4 w-4 shrink-0" round="join" />
  );
}

function ChevronIcon() {
  return <StrokeIcon d="m6 9 6 6 6-6" className="h-4 w-4 shrink-0" round="cap" />;
}
