"use client";

import { useId, useState } from "react";
import type { ServerSettingsResponse } from "@/lib/eri/server/admin-view";
import type { ServerSettingsUpdate } from "@/lib/eri/server/settings";
import { Button } from "@/components/ui/Button";
import { errorMessage } from "@/components/ui/http";
import { saveServerSettings } from "./api";
import { Checkbox, Field, inputClass, Radio, TextInput } from "./fields";
import { ServerAddress } from "./ServerAddress";

type AuthMethod = "NONE" | "TOKEN" | "USERNAME_PASSWORD";
type Provider = "ANY" | "SELF_HOSTED" | "NONE";

const AUTH_OPTIONS: { value: AuthMethod; label: string; description: string }[] = [
  { value: "TOKEN", label: "Token", description: "AI Studio sends Authorization: Bearer <token>." },
  { value: "USERNAME_PASSWORD", label: "User name and password", description: "Sent in the headers user and password." },
  { value: "NONE", label: "None", description: "Anyone who can reach this address can read the exposed collections." },
];

const PROVIDER_OPTIONS: { value: Provider; label: string; description: string }[] = [
  {
    value: "SELF_HOSTED",
    label: "Self-hosted models only",
    description: "AI Studio refuses to send these documents to cloud LLM providers.",
  },
  { value: "ANY", label: "Any provider", description: "Cloud LLM providers may process the documents too." },
  { value: "NONE", label: "No provider", description: "No model may process the documents (the source is effectively unusable)." },
];

/** A random 32-character token, generated in the browser so it can be copied before saving. */
function generateToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** This app's own ERI server: on/off, login, what it exposes, and where AI Studio finds it. */
export function ServerSection({ data, onSaved }: { data: ServerSettingsResponse; onSaved(next: ServerSettingsResponse): void }) {
  const id = useId();
  const s = data.settings;
  const [enabled, setEnabled] = useState(s.enabled);
  const [authMethods, setAuthMethods] = useState<AuthMethod[]>(s.authMethods);
  const [token, setToken] = useState("");
  const [username, setUsername] = useState(s.username ?? "");
  const [password, setPassword] = useState("");
  const [name, setName] = useState(s.dataSourceName);
  const [description, setDescription] = useState(s.dataSourceDescription);
  const [allCollections, setAllCollections] = useState(s.exposedCollections === null);
  const [chosen, setChosen] = useState<string[]>(s.exposedCollections ?? []);
  const [provider, setProvider] = useState<Provider>(s.allowedProviderType);
  const [ttl, setTtl] = useState(String(s.sessionTtlMinutes));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSavedNote(null);
    const update: ServerSettingsUpdate = {
      enabled,
      authMethods,
      username: username.trim() || null,
      dataSourceName: name,
      dataSourceDescription: description,
      exposedCollections: allCollections ? null : chosen,
      allowedProviderType: provider,
      sessionTtlMinutes: Number(ttl),
      ...(token ? { token } : {}),
      ...(password ? { password } : {}),
    };
    try {
      const next = await saveServerSettings(update);
      setToken("");
      setPassword("");
      setSavedNote(token || password ? "Saved. Sessions signed in with the old credentials were ended." : "Saved.");
      onSaved(next);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          This app as an ERI server
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          Lets AI Studio (or another ERI client) search your collections. Answers carry the file name, the passage and a link to the page.
        </p>
      </div>
      <ServerAddress address={data.address} />

      <form onSubmit={save} className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <Checkbox
          id={`${id}-enabled`}
          label="ERI server on"
          description="Off: every ERI route answers 503."
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Authentication methods offered</legend>
          {AUTH_OPTIONS.map((o) => (
            <Checkbox
              key={o.value}
              id={`${id}-auth-${o.value}`}
              label={o.label}
              description={o.description}
              checked={authMethods.includes(o.value)}
              onChange={(e) => setAuthMethods(toggle(authMethods, o.value, e.target.checked))}
            />
          ))}
        </fieldset>

        <div className="grid gap-4 md:grid-cols-3">
          {authMethods.includes("TOKEN") && (
            <Field
              id={`${id}-token`}
              label="Login token"
              hint={
                s.hasToken
                  ? "A token is set (stored hashed). Enter a new one to replace it."
                  : "At least 16 characters. Copy it before saving: it is not shown again."
              }
            >
              <div className="flex gap-2">
                <TextInput
                  id={`${id}-token`}
                  hint
                  value={token}
                  onChange={(e) => setToken(e.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={s.hasToken ? "•••••••• (unchanged)" : ""}
                />
                <Button onClick={() => setToken(generateToken())}>Generate</Button>
              </div>
            </Field>
          )}
          {authMethods.includes("USERNAME_PASSWORD") && (
            <>
              <Field id={`${id}-user`} label="User name">
                <TextInput id={`${id}-user`} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
              </Field>
              <Field
                id={`${id}-password`}
                label="Password"
                hint={s.hasPassword ? "A password is set. Enter a new one to replace it." : "At least 8 characters."}
              >
                <TextInput
                  id={`${id}-password`}
                  hint
                  type="password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoComplete="new-password"
                  placeholder={s.hasPassword ? "•••••••• (unchanged)" : ""}
                />
              </Field>
            </>
          )}
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <Field id={`${id}-name`} label="Data source name">
            <TextInput id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
          </Field>
          <Field id={`${id}-ttl`} label="Session lifetime (minutes)" hint="How long a token from POST /auth stays valid.">
            <TextInput id={`${id}-ttl`} hint type="number" min={1} max={1440} value={ttl} onChange={(e) => setTtl(e.target.value)} />
          </Field>
          <div className="md:col-span-2">
            <Field id={`${id}-description`} label="Data source description">
              <textarea
                id={`${id}-description`}
                className={inputClass}
                rows={2}
                maxLength={2000}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </Field>
          </div>
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Exposed collections</legend>
          <Radio
            id={`${id}-all`}
            name={`${id}-exposure`}
            label="All collections"
            description="Including ones created later."
            checked={allCollections}
            onChange={() => setAllCollections(true)}
          />
          <Radio
            id={`${id}-some`}
            name={`${id}-exposure`}
            label="Only these"
            checked={!allCollections}
            onChange={() => setAllCollections(false)}
          />
          {!allCollections && (
            <div className="ml-6 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
              {data.collections.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No collections yet.</p>}
              {data.collections.map((c) => (
                <Checkbox
                  key={c}
                  id={`${id}-c-${c}`}
                  label={c}
                  checked={chosen.includes(c)}
                  onChange={(e) => setChosen(toggle(chosen, c, e.target.checked))}
                />
              ))}
            </div>
          )}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Allowed model providers (security requirement)</legend>
          {PROVIDER_OPTIONS.map((o) => (
            <Radio
              key={o.value}
              id={`${id}-provider-${o.value}`}
              name={`${id}-provider`}
              label={o.label}
              description={o.description}
              checked={provider === o.value}
              onChange={() => setProvider(o.value)}
            />
          ))}
        </fieldset>

        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        {savedNote && (
          <p role="status" className="text-sm text-green-800 dark:text-green-300">
            {savedNote}
          </p>
        )}
        <Button variant="primary" type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save server settings"}
        </Button>
      </form>
    </section>
  );
}
