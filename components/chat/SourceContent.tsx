"use client";

import type { CitationSource } from "./types";

type Source = Pick<CitationSource, "content" | "file_name" | "content_type" | "structured_data" | "image_url">;

/** A table passage's rows, from its structured data (`{ columns, rows }`); null if it has none. */
export function tableOf(source: Source): { columns: string[]; rows: string[][] } | null {
  if (source.content_type !== "table" || !source.structured_data) return null;
  try {
    const data = JSON.parse(source.structured_data) as { columns?: unknown; rows?: unknown };
    if (!Array.isArray(data.columns) || !Array.isArray(data.rows)) return null;
    return { columns: data.columns.map(String), rows: data.rows.filter(Array.isArray).map((r: unknown[]) => r.map(String)) };
  } catch {
    return null;
  }
}

/** True when the passage is shown as a table or a picture rather than as text. */
export function isRichSource(source: Source): boolean {
  return tableOf(source) !== null || (source.content_type === "image" && Boolean(source.image_url));
}

/**
 * A passage as what it is: a table as a table, an image as the picture with the text read from
 * it; null for a text passage (the caller shows text its own way).
 */
export function SourceContent({ source }: { source: Source }) {
  const table = tableOf(source);
  if (table) {
    return (
      <div
        className="max-h-96 overflow-auto rounded-md border border-slate-200 dark:border-slate-700"
        tabIndex={0}
        role="region"
        aria-label={`Table from ${source.file_name}`}
      >
        <table className="w-full border-collapse text-left text-xs" data-testid="source-table">
          <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
            <tr>
              {table.columns.map((c, i) => (
                <th key={i} scope="col" className="border-b border-slate-200 px-2 py-1 font-semibold dark:border-slate-700">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r} className="odd:bg-white even:bg-slate-50 dark:odd:bg-slate-900 dark:even:bg-slate-950">
                {row.map((cell, c) => (
                  <td key={c} className="border-b border-slate-100 px-2 py-1 align-top dark:border-slate-800">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  if (source.content_type === "image" && source.image_url) {
    return (
      <figure className="space-y-2" data-testid="source-image">
        {/* eslint-disable-next-line @next/next/no-img-element -- an uploaded original, served as is by the API */}
        <img
          src={source.image_url}
          alt={source.content ? `${source.file_name}: ${source.content.slice(0, 120)}` : source.file_name}
          className="max-h-96 w-auto max-w-full rounded-md border border-slate-200 dark:border-slate-700"
        />
        {source.content && (
          <figcaption className="text-xs text-slate-700 dark:text-slate-300">
            <span className="font-semibold">Text read from the image: </span>
            <span className="whitespace-pre-wrap break-words">{source.content}</span>
          </figcaption>
        )}
      </figure>
    );
  }
  return null;
}
