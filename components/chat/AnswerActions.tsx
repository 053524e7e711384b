"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { errorMessage } from "@/components/ui/http";
import { answerForCopy } from "./answer";
import type { AnswerFeedback, Turn } from "./types";
import { StrokeIcon } from "@/components/ui/StrokeIcon";

interface Props {
  turn: Turn;
  /** Regenerating is offered on the last answer only (later questions build on the earlier ones). */
  canRegenerate: boolean;
  onRegenerate(): void;
  onShowVariant(index: number): void;
  onRate(feedback: AnswerFeedback | null): Promise<void>;
}

/** Under a finished answer: copy, regenerate, the answers to choose between, thumbs up/down and a comment. */
export function AnswerActions({ turn, canRegenerate, onRegenerate, onShowVariant, onRate }: Props) {
  const [copied, setCopied] = useState(false);
  const [commenting, setCommenting] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const variants = turn.variants?.length ?? 1;
  const shown = turn.shown ?? 0;
  const rating = turn.feedback?.rating;

  async function copy() {
    const markdown = answerForCopy(turn.answer, turn.context?.data_points?.sources ?? [], window.location.origin);
    try {
      await copyText(markdown);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      setStatus(`Could not copy: ${errorMessage(error)}`);
    }
  }

  async function rate(next: "up" | "down") {
    const feedback = rating === next ? null : { rating: next, comment: null };
    try {
      await onRate(feedback);
      setCommenting(feedback !== null);
      setStatus(feedback ? "Thanks: your rating is saved with this answer." : "Rating removed.");
    } catch (error) {
      setStatus(`Could not save the rating: ${errorMessage(error)}`);
    }
  }

  return (
    <div className="mt-3 space-y-2" data-testid="answer-actions">
      <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Answer actions">
        <ActionButton label={copied ? "Copied" : "Copy answer"} onClick={copy}>
          {copied ? <path d="M5 13l4 4L19 7" /> : <path d="M8 8h11v12H8zM5 16H4V4h11v1" />}
        </ActionButton>
        {canRegenerate && (
          <ActionButton label="Regenerate answer" onClick={onRegenerate}>
            <path d="M4 4v6h6M20 20v-6h-6M5.6 15A8 8 0 0 0 19 16.5M18.4 9A8 8 0 0 0 5 7.5" />
          </ActionButton>
        )}
        {variants > 1 && (
          <span className="mx-1 inline-flex items-center text-xs text-slate-600 dark:text-slate-400" data-testid="answer-variants">
            <ActionButton label="Previous answer" onClick={() => onShowVariant(shown - 1)} disabled={shown === 0}>
              <path d="M15 6l-6 6 6 6" />
            </ActionButton>
            <span aria-live="polite">
              Answer {shown + 1} of {variants}
            </span>
            <ActionButton label="Next answer" onClick={() => onShowVariant(shown + 1)} disabled={shown === variants - 1}>
              <path d="M9 6l6 6-6 6" />
            </ActionButton>
          </span>
        )}
        <ActionButton label="Good answer" pressed={rating === "up"} onClick={() => rate("up")} disabled={!turn.messageId}>
          <path d="M7 11v9H4v-9zM7 11l4-7a2 2 0 0 1 3 2l-1 4h5a2 2 0 0 1 2 2l-2 7a2 2 0 0 1-2 1H7" />
        </ActionButton>
        <ActionButton label="Bad answer" pressed={rating === "down"} onClick={() => rate("down")} disabled={!turn.messageId}>
          <path d="M17 13V4h3v9zM17 13l-4 7a2 2 0 0 1-3-2l1-4H6a2 2 0 0 1-2-2l2-7a2 2 0 0 1 2-1h9" />
        </ActionButton>
      </div>
      {commenting && turn.feedback && (
        <CommentForm
          initial={turn.feedback.comment ?? ""}
          onSave={async (comment) => {
            await onRate({ rating: turn.feedback!.rating, comment });
            setCommenting(false);
            setStatus("Thanks: your comment is saved with this answer.");
          }}
          onCancel={() => setCommenting(false)}
        />
      )}
      <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {status}
      </p>
    </div>
  );
}

function CommentForm({ initial, onSave, onCancel }: { initial: string; onSave(comment: string): Promise<void>; onCancel(): void }) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      className="space-y-1"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await onSave(text.trim());
        } catch (err) {
          setError(errorMessage(err));
        }
      }}
    >
      <label htmlFor={id} className="block text-sm text-slate-700 dark:text-slate-300">
        What was right or missing? (optional)
      </label>
      <textarea
        id={id}
        autoFocus
        value={text}
        maxLength={2000}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && onCancel()}
        className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button size="sm" type="submit" variant="primary" disabled={!text.trim()}>
          Send comment
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Skip
        </Button>
      </div>
    </form>
  );
}

function ActionButton({
  label,
  pressed,
  children,
  ...rest
}: { label: string; pressed?: boolean; children: React.ReactNode } & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "aria-label">) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      {...rest}
      className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-pressed:bg-indigo-950 dark:aria-pressed:text-indigo-300"
    >
      <StrokeIcon>{children}</StrokeIcon>
    </button>
  );
}

/** The clipboard API where the page may use it (https, localhost), else the old copy command. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("the browser refused");
}
