import { SourceContent, isRichSource } from "./SourceContent";
import type { CitationSource, DataPoints } from "./types";

/** The data points the answer was written from, each linking to its citation view. */
export function SupportingContentTab({ dataPoints, onOpenCitation }: { dataPoints?: DataPoints; onOpenCitation(citation: string): void }) {
  const items = dataPoints?.sources?.length
    ? dataPoints.sources.map((s) => ({ id: s.id, content: s.content, source: s as CitationSource | undefined }))
    : (dataPoints?.text ?? []).map((t) => {
        const cut = t.indexOf(": ");
        return cut === -1
          ? { id: "", content: t, source: undefined }
          : { id: t.slice(0, cut), content: t.slice(cut + 2), source: undefined };
      });
  if (!items.length)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No supporting content: nothing relevant was found.</p>;
  return (
    <ol className="space-y-3" data-testid="supporting-content">
      {items.map((item, i) => (
        <li key={i} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          {item.id && (
            <button
              type="button"
              onClick={() => onOpenCitation(item.id)}
              className="break-all text-left text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              {item.id}
            </button>
          )}
          {item.source && isRichSource(item.source) ? (
            <div className="mt-1">
              <SourceContent source={item.source} />
            </div>
          ) : (
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800 dark:text-slate-200">{item.content}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
