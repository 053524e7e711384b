"use client";

import { useState } from "react";
import type { ConnectionReport, EriSourceView } from "@/lib/eri/source-schemas";
import { Button } from "@/components/ui/Button";
import { errorMessage } from "@/components/ui/http";
import { Spinner } from "@/components/ui/Spinner";
import { testSource } from "./api";
import { ConnectionReportView } from "./ConnectionReportView";
import { Pill } from "./fields";

interface Props {
  source: EriSourceView;
  onEdit(): void;
  onDelete(): void;
  onTested(): void;
}

const AUTH_SHORT = { NONE: "no login", TOKEN: "token", USERNAME_PASSWORD: "user + password" } as const;

function LastStatus({ source }: { source: EriSourceView }) {
  const status = source.lastStatus;
  if (!status) return <Pill tone="muted">not tested</Pill>;
  const when = status.checkedAt ? new Date(status.checkedAt).toLocaleString() : "";
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-2">
      <Pill tone={status.ok ? "ok" : "error"}>{status.ok ? "OK" : "Error"}</Pill>
      <span className="min-w-0 break-words text-xs text-slate-600 dark:text-slate-400" title={when}>
        {status.message}
        {when && ` · ${when}`}
      </span>
    </span>
  );
}

/** One source: what it is, how it last went, and its actions. */
export function SourceRow({ source, onEdit, onDelete, onTested }: Props) {
  const [testing, setTesting] = useState(false);
  const [report, setReport] = useState<ConnectionReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function runTest() {
    setTesting(true);
    setError(null);
    try {
      setReport(await testSource(source.id));
      onTested();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setTesting(false);
    }
  }

  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label={`ERI source ${source.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{source.name}</span>
            {!source.enabled && <Pill tone="muted">disabled</Pill>}
          </p>
          <p className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">{source.baseUrl}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {AUTH_SHORT[source.authMethod]}
            {source.username ? ` (${source.username})` : ""} · process {source.retrievalProcessId ?? "default"} · up to {source.maxMatches}{" "}
            matches · {source.timeoutMs / 1000} s timeout
          </p>
          <LastStatus source={source} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={runTest} disabled={testing} aria-label={`Test connection to ${source.name}`}>
            {testing ? <Spinner label="Testing…" /> : "Test connection"}
          </Button>
          <Button size="sm" onClick={onEdit} aria-label={`Edit ${source.name}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onDelete}
            aria-label={`Delete ${source.name}`}
            className="text-red-700 dark:text-red-300"
          >
            Delete
          </Button>
        </div>
      </div>
      {report && <ConnectionReportView report={report} />}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </li>
  );
}
