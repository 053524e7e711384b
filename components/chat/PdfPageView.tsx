"use client";

import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/Spinner";
import { errorMessage } from "@/components/ui/http";
import { lineInTarget, normalizedWords } from "./passage";

interface Props {
  /** The original PDF (without #page). */
  url: string;
  page: number;
  fileName: string;
  /** Passages to highlight on the page. */
  passages: string[];
  /** The original is gone (its document was deleted since the answer). */
  onGone: () => void;
}

type State =
  { kind: "loading" } | { kind: "ready"; pageCount: number; highlighted: boolean } | { kind: "error"; message: string } | { kind: "gone" };

/**
 * Renders the cited page of a PDF onto a canvas with pdf.js (browsers' built-in PDF viewers
 * are unreliable in iframes, and headless ones show nothing), marking the cited passage.
 */
export function PdfPageView({ url, page, fileName, passages, onGone }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: "loading" });
  const passagesKey = passages.join("\u0000");

  useEffect(() => {
    if (state.kind === "gone") onGone();
  }, [state.kind, onGone]);

  useEffect(() => {
    let cancelled = false;
    const abort = new AbortController();
    (async () => {
      setState({ kind: "loading" });
      const response = await fetch(url, { signal: abort.signal });
      if (response.status === 404) return setState({ kind: "gone" });
      if (!response.ok) throw new Error(`Could not load the file (${response.status})`);
      const data = new Uint8Array(await response.arrayBuffer());
      const { getDocumentProxy } = await import("unpdf");
      const pdf = await getDocumentProxy(data);
      try {
        const pdfPage = await pdf.getPage(Math.min(Math.max(1, page), pdf.numPages));
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const base = pdfPage.getViewport({ scale: 1 });
        const cssWidth = Math.min(wrapRef.current?.clientWidth || base.width, 900);
        const ratio = window.devicePixelRatio || 1;
        const viewport = pdfPage.getViewport({ scale: (cssWidth / base.width) * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        const context = canvas.getContext("2d")!;
        await pdfPage.render({ canvas, canvasContext: context, viewport }).promise;
        const highlighted = await highlightPassages(pdfPage, viewport, context, passagesKey.split("\u0000"));
        if (!cancelled) setState({ kind: "ready", pageCount: pdf.numPages, highlighted });
      } finally {
        void pdf.destroy();
      }
    })().catch((error) => {
      if (!cancelled) setState({ kind: "error", message: errorMessage(error) });
    });
    return () => {
      cancelled = true;
      abort.abort();
    };
  }, [url, page, passagesKey]);

  return (
    <figure className="space-y-2" data-testid="pdf-page" data-page={page} data-state={state.kind}>
      <div
        ref={wrapRef}
        className="relative w-full overflow-auto rounded-md border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
      >
        {state.kind === "loading" && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label={`Opening page ${page}…`} />
          </div>
        )}
        <canvas ref={canvasRef} role="img" aria-label={`Page ${page} of ${fileName}`} className="mx-auto block min-h-48 bg-white" />
      </div>
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">
        {state.kind === "ready" && `Page ${page} of ${state.pageCount}${state.highlighted ? " · cited passage marked in yellow" : ""}`}
        {state.kind === "error" && (
          <span role="alert" className="text-red-700 dark:text-red-300">
            {state.message}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}
interface PageLike {
  getTextContent(): Promise<{ items: unknown[] }>;
}
interface ViewportLike {
  convertToViewportRectangle(rect: number[]): number[];
}

/** Yellow boxes over the text items that belong to a cited passage. Returns whether any matched. */
async function highlightPassages(page: PageLike, viewport: ViewportLike, context: CanvasRenderingContext2D, passages: string[]) {
  const wanted = passages.map(normalizedWords).filter(Boolean);
  if (!wanted.length) return false;
  const { items } = await page.getTextContent();
  let matched = false;
  context.save();
  context.globalCompositeOperation = "multiply";
  context.fillStyle = "rgba(250, 204, 21, 0.45)";
  for (const item of items as TextItemLike[]) {
    const text = normalizedWords(item.str ?? "");
    if (text.length < 4 || !item.transform || !wanted.some((p) => lineInTarget(text, p))) continue;
    const [, , , , x, y] = item.transform;
    const height = item.height || Math.hypot(item.transform[2], item.transform[3]);
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle([x, y - height * 0.25, x + (item.width ?? 0), y + height]);
    context.fillRect(Math.min(x1, x2), Math.min(y1, y2), Math.abs(x2 - x1), Math.abs(y2 - y1));
    matched = true;
  }
  context.restore();
  return matched;
}
