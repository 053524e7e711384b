"use client";

import { useId } from "react";
import type { RetrievalMode } from "@/lib/knowledge/schemas";
import { Button } from "@/components/ui/Button";
import { Drawer } from "@/components/ui/Drawer";
import { DEFAULT_SETTINGS, type ChatSettings } from "./types";

interface Props {
  open: boolean;
  settings: ChatSettings;
  onChange(settings: ChatSettings): void;
  onClose(): void;
}

const MODES: { value: RetrievalMode; label: string; hint: string }[] = [
  { value: "hybrid", label: "Hybrid", hint: "Meaning and keywords combined (best for most questions)" },
  { value: "vectors", label: "Vectors", hint: "Similar meaning, even in other words" },
  { value: "text", label: "Text", hint: "Exact keywords (full-text search)" },
];

/** Retrieval and answer settings, sent as the chat request's overrides. */
export function SettingsDrawer({ open, settings, onChange, onClose }: Props) {
  const id = useId();
  const set = (patch: Partial<ChatSettings>) => onChange({ ...settings, ...patch });
  return (
    <Drawer open={open} side="right" title="Chat settings" onClose={onClose}>
      <div className="space-y-6 p-4 text-sm">
        <fieldset>
          <legend className="mb-2 font-medium">Retrieval mode</legend>
          <div className="space-y-2">
            {MODES.map((m) => (
              <label key={m.value} className="flex cursor-pointer items-start gap-2">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={m.value}
                  checked={settings.retrievalMode === m.value}
                  onChange={() => set({ retrievalMode: m.value })}
                  className="mt-0.5 h-4 w-4 accent-indigo-600"
                />
                <span>
                  <span className="font-medium">{m.label}</span>
                  <span className="block text-slate-600 dark:text-slate-400">{m.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <label htmlFor={`${id}-top`} className="mb-1 block font-medium">
            Number of results
          </label>
          <input
            id={`${id}-top`}
            type="number"
            min={1}
            max={50}
            value={settings.top}
            onChange={(e) => {
              const n = Math.round(Number(e.target.value));
              if (Number.isFinite(n)) set({ top: Math.min(50, Math.max(1, n)) });
            }}
            aria-describedby={`${id}-top-hint`}
            className="w-24 rounded-md border border-slate-300 bg-white px-3 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          />
          <p id={`${id}-top-hint`} className="mt-1 text-slate-600 dark:text-slate-400">
            Passages retrieved for each question (1–50).
          </p>
        </div>

        <div>
          <label htmlFor={`${id}-temperature`} className="mb-1 flex justify-between font-medium">
            <span>Temperature</span>
            <output htmlFor={`${id}-temperature`} className="tabular-nums">
              {settings.temperature.toFixed(1)}
            </output>
          </label>
          <input
            id={`${id}-temperature`}
            type="range"
            min={0}
            max={2}
            step={0.1}
            value={settings.temperature}
            onChange={(e) => set({ temperature: Number(e.target.value) })}
            aria-describedby={`${id}-temperature-hint`}
            className="w-full accent-indigo-600"
          />
          <p id={`${id}-temperature-hint`} className="mt-1 text-slate-600 dark:text-slate-400">
            Lower is more focused, higher more varied (used when a language model writes the answer).
          </p>
        </div>

        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            checked={settings.suggestFollowups}
            onChange={(e) => set({ suggestFollowups: e.target.checked })}
            className="h-4 w-4 accent-indigo-600"
          />
          <span className="font-medium">Suggest follow-up questions</span>
        </label>

        <Button onClick={() => onChange(DEFAULT_SETTINGS)}>Reset to defaults</Button>
      </div>
    </Drawer>
  );
}
