"use client";

import { useState } from "react";
import type { ServerAddress as Address } from "@/lib/eri/server/admin-view";
import { Button } from "@/components/ui/Button";

function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard blocked (http, permissions): the value is selectable anyway.
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <dt className="w-24 shrink-0 text-sm font-medium">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-2">
        <code className="min-w-0 select-all break-all rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800">{value}</code>
        <Button size="sm" variant="ghost" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? "Copied" : "Copy"}
        </Button>
      </dd>
    </div>
  );
}

/** The exact values to enter in AI Studio's ERI data source dialog. */
export function ServerAddress({ address }: { address: Address }) {
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-900/60">
      <p className="text-sm font-medium">Address to paste into AI Studio (Settings → Data sources → ERI v1)</p>
      <dl className="space-y-1.5">
        <CopyValue label="Hostname" value={address.hostname} />
        <CopyValue label="Port" value={String(address.port)} />
        <CopyValue label="Full address" value={address.url} />
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        As your browser reached this app. If AI Studio runs on another machine or behind a proxy, use the address it can reach.
      </p>
    </div>
  );
}
