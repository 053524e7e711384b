"use client";

import { useCallback, useId, useState } from "react";
import useSWR from "swr";
import { Field, Pill, Radio, TextInput, inputClass } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { SaveFeedback } from "@/components/ui/SaveFeedback";
import { errorMessage, fetchJson, jsonFetcher } from "@/components/ui/http";
import { useAction } from "@/components/ui/useAction";
import type { ModelSettingsView } from "@/lib/models/settings";
import { ReembedCollections } from "./ReembedCollections";

const URL = "/api/settings/model";
const LOCAL_EMBEDDER = "local-hash-v1";

/** Admins: switch a language model on from the app (an OpenAI-compatible server), test it, choose the models. */
export function ModelSettings() {
  const { data, error, mutate } = useSWR<ModelSettingsView>(URL, jsonFetcher);
  const refresh = useCallback(() => void mutate(), [mutate]);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Model</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          Without a model, answers are sentences quoted from your documents. Connect an OpenAI-compatible server (OpenAI, Azure
          OpenAI&apos;s /openai/v1, Ollama, vLLM, LM Studio…) and a language model writes them, still citing the passages. Settings made by
          environment variables win over these and are shown as such.
        </p>
      </div>
      {error && <ErrorNotice message={`Could not load the model settings: ${errorMessage(error)}`} onRetry={() => mutate()} />}
      {data && <ModelForm view={data} onSaved={(v) => mutate(v, { revalidate: false })} />}
      {data && <ReembedCollections model={data.effective.embedding_model} collections={data.needs_reembedding} onChanged={refresh} />}
    </div>
  );
}

function ModelForm({ view, onSaved }: { view: ModelSettingsView; onSaved(view: ModelSettingsView): void }) {
  const id = useId();
  const [provider, setProvider] = useState(view.provider);
  const [baseUrl, setBaseUrl] = useState(view.base_url);
  const [azureEndpoint, setAzureEndpoint] = useState(view.azure_endpoint);
  const [azureApiVersion, setAzureApiVersion] = useState(view.azure_api_version);
  const [apiKey, setApiKey] = useState("");
  const [chatModel, setChatModel] = useState(view.chat_model);
  const [embeddingModel, setEmbeddingModel] = useState(view.embedding_model || LOCAL_EMBEDDER);
  const [models, setModels] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const test = useAction();

  const env = view.from_env;
  const envNote = (on: boolean, name: string) => (on ? <Pill tone="muted">set by {name}</Pill> : null);
  const azure = provider === "azure";
  // The address the connection test reaches: the base URL, or Azure's endpoint.
  const server = (azure ? azureEndpoint : baseUrl).trim();

  return (
    <form
      className="max-w-2xl space-y-5"
      onChange={() => setSaved(false)}
      onSubmit={async (e) => {
        e.preventDefault();
        await save.run(async () => {
          const body = {
            provider,
            base_url: baseUrl.trim(),
            azure_endpoint: azureEndpoint.trim(),
            azure_api_version: azureApiVersion.trim(),
            chat_model: chatModel,
            embedding_model: embeddingModel,
            ...(apiKey ? { api_key: apiKey } : {}),
          };
          onSaved(await fetchJson<ModelSettingsView>(URL, { method: "PUT", body: JSON.stringify(body) }));
          setApiKey("");
          setSaved(true);
        });
      }}
    >
      <section
        aria-labelledby={`${id}-now`}
        className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800"
        data-testid="model-in-use"
      >
        <h2 id={`${id}-now`} className="mb-2 font-semibold">
          In use now
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="text-slate-600 dark:text-slate-400">Answers</dt>
          <dd className="break-words">
            {view.effective.chat_model
              ? `${view.effective.chat_model} at ${view.effective.base_url ?? "api.openai.com"}`
              : "Extractive (no language model)"}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Embeddings</dt>
          <dd className="break-words">{view.effective.embedding_model}</dd>
        </dl>
      </section>

      <fieldset className="space-y-2" disabled={env.base_url}>
        <legend className="text-sm font-semibold">Server {envNote(env.base_url, "OPENAI_BASE_URL / AZURE_OPENAI_ENDPOINT")}</legend>
        <Radio
          id={`${id}-openai`}
          name={`${id}-provider`}
          label="OpenAI-compatible"
          description="OpenAI, Ollama, vLLM, LM Studio, Azure's /openai/v1…"
          checked={!azure}
          onChange={() => setProvider("openai")}
        />
        <Radio
          id={`${id}-azure`}
          name={`${id}-provider`}
          label="Azure OpenAI"
          description="An Azure OpenAI resource: its endpoint, API version and key; models are deployment names."
          checked={azure}
          onChange={() => setProvider("azure")}
        />
      </fieldset>
      {azure ? (
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
          <Field id={`${id}-endpoint`} label="Azure endpoint" hint="e.g. https://my-resource.openai.azure.com">
            <TextInput
              id={`${id}-endpoint`}
              hint
              type="url"
              value={azureEndpoint}
              onChange={(e) => setAzureEndpoint(e.target.value)}
              placeholder="https://my-resource.openai.azure.com"
              disabled={env.azure_endpoint}
            />
          </Field>
          <Field
            id={`${id}-version`}
            label="API version"
            hint={env.azure_api_version ? <Pill tone="muted">set by AZURE_OPENAI_API_VERSION</Pill> : "e.g. 2024-10-21"}
          >
            <TextInput
              id={`${id}-version`}
              hint
              value={azureApiVersion}
              onChange={(e) => setAzureApiVersion(e.target.value)}
              disabled={env.azure_api_version}
            />
          </Field>
        </div>
      ) : (
        <Field
          id={`${id}-url`}
          label="Server base URL"
          hint="The address before /chat/completions, e.g. https://api.openai.com/v1 or http://localhost:11434/v1."
        >
          <TextInput
            id={`${id}-url`}
            hint
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            placeholder="https://api.openai.com/v1"
            disabled={env.base_url}
          />
        </Field>
      )}
      <Field
        id={`${id}-key`}
        label="API key"
        hint={
          <>
            {view.has_api_key
              ? "A key is saved (encrypted); type a new one to replace it."
              : "Stored encrypted; leave empty for servers that need none."}{" "}
            {envNote(env.api_key, "OPENAI_API_KEY")}
          </>
        }
      >
        <TextInput
          id={`${id}-key`}
          hint
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          placeholder={view.has_api_key ? "••••••••" : ""}
          disabled={env.api_key}
        />
      </Field>

      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={!server || test.busy}
          onClick={() =>
            test.run(async () => {
              const { models: found } = await fetchJson<{ models: string[] }>(`${URL}/test`, {
                method: "POST",
                body: JSON.stringify({
                  provider,
                  base_url: server,
                  ...(azure ? { azure_api_version: azureApiVersion.trim() } : {}),
                  ...(apiKey ? { api_key: apiKey } : {}),
                }),
              });
              setModels(found);
            })
          }
        >
          {test.busy ? "Testing…" : "Test connection"}
        </Button>
        <p role="status" className="text-sm">
          {test.error ? (
            <span className="text-red-700 dark:text-red-300">{test.error}</span>
          ) : models ? (
            <span className="text-green-800 dark:text-green-300">
              Connected: {models.length} model{models.length === 1 ? "" : "s"} found.
            </span>
          ) : null}
        </p>
      </div>

      <ModelChoice
        id={`${id}-chat`}
        label={azure ? "Chat deployment" : "Chat model"}
        value={chatModel}
        onChange={setChatModel}
        models={models}
        envNote={envNote(env.chat_model, "CHAT_MODEL")}
        disabled={env.chat_model}
        placeholder="gpt-4o-mini"
      />
      <ModelChoice
        id={`${id}-embed`}
        label={azure ? "Embedding deployment" : "Embedding model"}
        value={embeddingModel}
        onChange={setEmbeddingModel}
        models={models ? [LOCAL_EMBEDDER, ...models] : null}
        envNote={envNote(env.embedding_model, "EMBEDDING_MODEL")}
        disabled={env.embedding_model}
        placeholder={LOCAL_EMBEDDER}
        hint={`${LOCAL_EMBEDDER} is the offline embedder every collection can use. A collection keeps the model it was built with.`}
      />

      <div className="flex flex-wrap items-center gap-3">
        <SaveFeedback error={save.error} saved={saved} busy={save.busy} label="Save" />
      </div>
    </form>
  );
}

function ModelChoice(props: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  models: string[] | null;
  envNote: React.ReactNode;
  disabled: boolean;
  placeholder: string;
  hint?: string;
}) {
  const { id, label, value, onChange, models, envNote, disabled, placeholder, hint } = props;
  const listId = `${id}-list`;
  return (
    <Field
      id={id}
      label={label}
      hint={
        <>
          {hint ?? (models ? "Pick one the server lists, or type its name." : "Test the connection to list the server's models.")} {envNote}
        </>
      }
    >
      <input
        id={id}
        aria-describedby={`${id}-hint`}
        list={listId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        disabled={disabled}
        className={inputClass}
      />
      <datalist id={listId}>
        {models?.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
    </Field>
  );
}
