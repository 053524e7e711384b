"use client";

import { useState } from "react";
import { Button } from "@/components/ui/Button";

/** A read-only address with a Copy button; the address stays selectable when the clipboard is blocked. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "blocked">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("blocked");
    }
    setTimeout(() => setState("idle"), 1500);
  }
  return (
    <div className="grid gap-1 sm:grid-cols-[11rem_1fr] sm:items-center">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 select-all break-all rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800">
          {value}
        </code>
        <Button size="sm" variant="ghost" onClick={copy} aria-label={`Copy ${label.toLowerCase()} address`}>
          <span aria-live="polite">{state === "copied" ? "Copied" : state === "blocked" ? "Select it" : "Copy"}</span>
        </Button>
      </dd>
    </div>
  );
}
