"use client";

import { useId, useState } from "react";
import type { ConnectionReport, EriSourceView } from "@/lib/eri/source-schemas";
import { Button } from "@/components/ui/Button";
import { errorMessage } from "@/components/ui/http";
import { Spinner } from "@/components/ui/Spinner";
import { createSource, testDraft, updateSource, type SourceFormValues } from "./api";
import { ConnectionReportView } from "./ConnectionReportView";
import { Checkbox, Field, inputClass, TextInput } from "./fields";

interface Props {
  /** The source being edited; absent when adding one. */
  source?: EriSourceView;
  onSaved(source: EriSourceView): void;
  onCancel(): void;
}

const AUTH_LABELS = { NONE: "None", TOKEN: "Token", USERNAME_PASSWORD: "User name and password" } as const;

/** Add or edit a remote ERI source; "Test connection" tries the values before they are saved. */
export function SourceForm({ source, onSaved, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(source?.name ?? "");
  const [baseUrl, setBaseUrl] = useState(source?.baseUrl ?? "");
  const [authMethod, setAuthMethod] = useState<SourceFormValues["authMethod"]>(source?.authMethod ?? "TOKEN");
  const [username, setUsername] = useState(source?.username ?? "");
  const [secret, setSecret] = useState("");
  const [enabled, setEnabled] = useState(source?.enabled ?? true);
  const [sharedWithUsers, setSharedWithUsers] = useState(source?.sharedWithUsers ?? false);
  const [processId, setProcessId] = useState(source?.retrievalProcessId ?? "");
  const [maxMatches, setMaxMatches] = useState(String(source?.maxMatches ?? 5));
  const [timeoutSeconds, setTimeoutSeconds] = useState(String((source?.timeoutMs ?? 8000) / 1000));
  const [busy, setBusy] = useState<"test" | "save" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ConnectionReport | null>(null);

  const keepsStoredSecret = Boolean(source?.hasSecret) && secret === "" && authMethod !== "NONE";
  const secretLabel = authMethod === "TOKEN" ? "Token" : "Password";

  function values(): SourceFormValues {
    const base: SourceFormValues = {
      name: name.trim(),
      baseUrl: baseUrl.trim(),
      authMethod,
      username: authMethod === "USERNAME_PASSWORD" ? username.trim() || null : null,
      enabled,
      retrievalProcessId: processId.trim() || null,
      maxMatches: Number(maxMatches),
      timeoutMs: Math.round(Number(timeoutSeconds) * 1000),
    };
    if (authMethod === "NONE") return { ...base, secret: null };
    return keepsStoredSecret ? base : { ...base, secret };
  }

  async function runTest() {
    setBusy("test");
    setError(null);
    setReport(null);
    try {
      setReport(await testDraft({ ...values(), id: source?.id }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy("save");
    setError(null);
    try {
      const saved = { ...values(), sharedWithUsers };
      onSaved(source ? await updateSource(source.id, saved) : await createSource(saved));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  const processIds = report?.retrievalProcesses.map((p) => p.id).filter((p): p is string => Boolean(p)) ?? [];

  return (
    <form
      onSubmit={save}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-indigo-200 bg-indigo-50/40 p-4 dark:border-indigo-900 dark:bg-indigo-950/20"
    >
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {source ? `Edit ${source.name}` : "Add an ERI source"}
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        <Field id={`${id}-name`} label="Name">
          <TextInput
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={200}
            placeholder="Legal archive"
          />
        </Field>
        <Field id={`${id}-url`} label="Base URL" hint="http(s) address of the ERI server, with its port, e.g. https://eri.example.com:8443">
          <TextInput
            id={`${id}-url`}
            hint
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            required
            placeholder="https://eri.example.com:8443"
          />
        </Field>
        <Field id={`${id}-auth`} label="Authentication">
          <select
            id={`${id}-auth`}
            className={inputClass}
            value={authMethod}
            onChange={(e) => setAuthMethod(e.target.value as SourceFormValues["authMethod"])}
          >
            {Object.entries(AUTH_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {authMethod === "USERNAME_PASSWORD" && (
          <Field id={`${id}-user`} label="User name">
            <TextInput id={`${id}-user`} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" required />
          </Field>
        )}
        {authMethod !== "NONE" && (
          <Field
            id={`${id}-secret`}
            label={secretLabel}
            hint={
              source?.hasSecret
                ? `A ${secretLabel.toLowerCase()} is stored (encrypted). Leave empty to keep it.`
                : "Stored encrypted; never shown again."
            }
          >
            <TextInput
              id={`${id}-secret`}
              hint
              type="password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              autoComplete="new-password"
              placeholder={source?.hasSecret ? "•••••••• (unchanged)" : ""}
            />
          </Field>
        )}
        <Field
          id={`${id}-process`}
          label="Retrieval process"
          hint="Empty: the server's default. Test the connection to see the ids it offers."
        >
          <TextInput
            id={`${id}-process`}
            hint
            list={`${id}-processes`}
            value={processId}
            onChange={(e) => setProcessId(e.target.value)}
            placeholder="default"
          />
          <datalist id={`${id}-processes`}>
            {processIds.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field id={`${id}-max`} label="Max matches">
            <TextInput id={`${id}-max`} type="number" min={1} max={50} value={maxMatches} onChange={(e) => setMaxMatches(e.target.value)} />
          </Field>
          <Field id={`${id}-timeout`} label="Timeout (seconds)">
            <TextInput
              id={`${id}-timeout`}
              type="number"
              min={1}
              max={60}
              step={1}
              value={timeoutSeconds}
              onChange={(e) => setTimeoutSeconds(e.target.value)}
            />
          </Field>
        </div>
      </div>
      <Checkbox
        id={`${id}-enabled`}
        label="Enabled"
        description="Disabled sources are never searched."
        checked={enabled}
        onChange={(e) => setEnabled(e.target.checked)}
      />
      <Checkbox
        id={`${id}-shared`}
        label="Chat users may search it"
        description="Otherwise only admins can pick this source in chat (it logs in with the stored credentials)."
        checked={sharedWithUsers}
        onChange={(e) => setSharedWithUsers(e.target.checked)}
      />

      {report && <ConnectionReportView report={report} />}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={busy !== null}>
          {busy === "save" ? "Saving…" : source ? "Save changes" : "Add source"}
        </Button>
        <Button onClick={runTest} disabled={busy !== null || !baseUrl.trim()}>
          {busy === "test" ? <Spinner label="Testing…" /> : "Test connection"}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy === "save"}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
