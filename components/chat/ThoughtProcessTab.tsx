import type { Chunk } from "@/lib/knowledge/schemas";
import type { Thought } from "./types";

/** Each step of the answer: what it did, with which settings, and how long it took. */
export function ThoughtProcessTab({ thoughts }: { thoughts: Thought[] }) {
  if (!thoughts.length) return <p className="text-sm text-slate-600 dark:text-slate-400">No steps were recorded for this answer.</p>;
  return (
    <ol className="space-y-4" data-testid="thoughts">
      {thoughts.map((t, i) => (
        <li key={i} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-sm font-semibold">
              {i + 1}. {t.title}
            </h3>
            {typeof t.elapsed_ms === "number" && (
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs tabular-nums text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                {t.elapsed_ms} ms
              </span>
            )}
          </div>
          <div className="mt-2 text-sm">
            <Description value={t.description} />
          </div>
          {t.props && <Props props={t.props} />}
          {t.props?.token_usage && (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              Tokens:{" "}
              {Object.entries(t.props.token_usage)
                .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`)
                .join(" · ")}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

function isChunk(value: unknown): value is Chunk {
  return typeof value === "object" && value !== null && "content" in value && "display_citation" in value;
}

function isMessage(value: unknown): value is { role: string; content: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { role?: unknown }).role === "string" &&
    typeof (value as { content?: unknown }).content === "string"
  );
}

function Description({ value }: { value: unknown }) {
  if (typeof value === "string") return <p className="whitespace-pre-wrap break-words">{value}</p>;
  if (Array.isArray(value) && value.every(isChunk)) {
    if (!value.length) return <p className="text-slate-600 dark:text-slate-400">No results.</p>;
    return (
      <ol className="space-y-2">
        {value.map((chunk, i) => (
          <li key={chunk.chunk_id ?? i} className="rounded-md bg-slate-50 p-2 dark:bg-slate-900">
            <div className="flex flex-wrap justify-between gap-2 text-xs font-medium">
              <span className="break-all">{chunk.display_citation}</span>
              <span className="tabular-nums text-slate-600 dark:text-slate-400">score {chunk.score.toFixed(3)}</span>
            </div>
            <p className="mt-1 line-clamp-4 whitespace-pre-wrap break-words text-xs text-slate-700 dark:text-slate-300">{chunk.content}</p>
          </li>
        ))}
      </ol>
    );
  }
  if (Array.isArray(value) && value.every(isMessage)) {
    return (
      <ol className="space-y-1">
        {value.map((m, i) => (
          <li key={i}>
            <span className="text-xs font-semibold uppercase text-slate-600 dark:text-slate-400">{m.role}</span>
            <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs dark:bg-slate-900">
              {m.content}
            </pre>
          </li>
        ))}
      </ol>
    );
  }
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
    return (
      <ol className="space-y-1">
        {value.map((v, i) => (
          <li key={i}>
            <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs dark:bg-slate-900">
              {v}
            </pre>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs dark:bg-slate-900">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Props({ props }: { props: Record<string, unknown> }) {
  const shown = Object.entries(props).filter(([key]) => key !== "token_usage");
  if (!shown.length) return null;
  return (
    <dl className="mt-2 flex flex-wrap gap-1.5 text-xs">
      {shown.map(([key, value]) => (
        <div key={key} className="flex gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
          <dt className="font-medium">{key.replace(/_/g, " ")}:</dt>
          <dd className="break-all">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
