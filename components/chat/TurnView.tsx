"use client";

import { useMemo } from "react";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { Spinner } from "@/components/ui/Spinner";
import { splitIncompleteNote } from "@/lib/chat/answer-notes";
import { parseAnswer } from "./answer";
import { AnswerActions } from "./AnswerActions";
import { AnswerMarkdown } from "./AnswerMarkdown";
import { FollowupChips } from "./FollowupChips";
import type { AnswerFeedback, PanelState, Turn } from "./types";
import { StrokeIcon } from "@/components/ui/StrokeIcon";

interface Props {
  turn: Turn;
  isLast: boolean;
  panel: PanelState | null;
  onOpenPanel(panel: PanelState): void;
  onRetry(): void;
  onFollowup(question: string): void;
  onRegenerate(): void;
  onShowVariant(index: number): void;
  onRate(feedback: AnswerFeedback | null): Promise<void>;
}

export function TurnView({ turn, isLast, panel, onOpenPanel, onRetry, onFollowup, onRegenerate, onShowVariant, onRate }: Props) {
  const known = turn.context?.data_points?.citations;
  // An unfinished model answer ends with a note: shown as a notice below the answer instead.
  const { text, note: incompleteNote } = useMemo(
    () => (turn.context?.answer_status === "incomplete" ? splitIncompleteNote(turn.answer) : { text: turn.answer, note: null }),
    [turn.answer, turn.context?.answer_status],
  );
  const { markdown, citations } = useMemo(() => parseAnswer(text, known ?? [], turn.status === "streaming"), [text, known, turn.status]);
  const openCitation = (citation: string) => onOpenPanel({ turnId: turn.id, tab: "citation", citation });
  const hasContext = Boolean(turn.context?.thoughts?.length || turn.context?.data_points);
  const panelOpenHere = panel?.turnId === turn.id;

  return (
    <li className="space-y-3" data-testid="turn" data-turn-id={turn.id} data-status={turn.status}>
      <div className="flex justify-end">
        <p
          className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2 text-white"
          data-testid="question"
        >
          {turn.question}
        </p>
      </div>

      <article
        aria-label="Answer"
        aria-busy={turn.status === "streaming"}
        className={`rounded-2xl rounded-bl-sm border bg-white p-4 shadow-sm dark:bg-slate-900 ${
          panelOpenHere ? "border-indigo-400 dark:border-indigo-500" : "border-slate-200 dark:border-slate-800"
        }`}
        data-testid="answer"
      >
        {turn.context?.spelling_corrections && <SpellingNote corrections={turn.context.spelling_corrections} />}
        {turn.status === "streaming" && !turn.answer && (
          <Spinner label={turn.context ? "Writing the answer…" : "Searching your documents…"} />
        )}
        {turn.answer && <AnswerMarkdown markdown={markdown} citations={citations} onCitationClick={openCitation} />}

        {citations.length > 0 && (
          <div className="mt-4 border-t border-slate-100 pt-3 dark:border-slate-800">
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Citations</h3>
            <ol className="flex flex-wrap gap-2">
              {citations.map((c, i) => (
                // max-w-full: a long file name is cut short on a phone instead of running off the card.
                <li key={c} className="min-w-0 max-w-full">
                  <button
                    type="button"
                    onClick={() => openCitation(c)}
                    aria-pressed={panelOpenHere && panel?.tab === "citation" && panel.citation === c}
                    className="max-w-full truncate rounded-md border border-slate-300 px-2 py-1 text-left text-xs text-slate-800 hover:border-indigo-400 hover:bg-indigo-50 aria-pressed:border-indigo-500 aria-pressed:bg-indigo-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-indigo-950 dark:aria-pressed:bg-indigo-950"
                  >
                    <span className="font-semibold">{i + 1}.</span> {c}
                  </button>
                </li>
              ))}
            </ol>
          </div>
        )}

        {incompleteNote && (
          <div
            role="note"
            className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            data-testid="incomplete-note"
          >
            <span>{incompleteNote.replace(/^\(|\)$/g, "")}</span>
            {isLast && turn.status === "done" && (
              <Button size="sm" onClick={onRetry}>
                Ask again
              </Button>
            )}
          </div>
        )}
        {turn.status === "stopped" && (
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span>Stopped.</span>
            {isLast && (
              <Button size="sm" onClick={onRetry}>
                Ask again
              </Button>
            )}
          </div>
        )}
        {turn.status === "error" && (
          <div className="mt-2">
            <ErrorNotice message={turn.error ?? "The answer failed"} onRetry={isLast ? onRetry : undefined} />
          </div>
        )}

        {turn.context?.answer_mode === "extractive" && turn.answer && citations.length > 0 && (
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400" data-testid="extractive-label">
            Extractive answer: sentences quoted from your documents (no language model is configured).
          </p>
        )}

        {turn.answer && (turn.status === "done" || turn.status === "stopped") && (
          <AnswerActions turn={turn} canRegenerate={isLast} onRegenerate={onRegenerate} onShowVariant={onShowVariant} onRate={onRate} />
        )}

        {hasContext && turn.status !== "streaming" && (
          <div className="mt-3 flex flex-wrap gap-1">
            <Button
              size="sm"
              variant="ghost"
              aria-pressed={panelOpenHere && panel?.tab === "thoughts"}
              onClick={() => onOpenPanel({ turnId: turn.id, tab: "thoughts" })}
            >
              <LightbulbIcon /> Thought process
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-pressed={panelOpenHere && panel?.tab === "supporting"}
              onClick={() => onOpenPanel({ turnId: turn.id, tab: "supporting" })}
            >
              <ListIcon /> Supporting content
            </Button>
          </div>
        )}
      </article>

      {isLast && turn.status === "done" && turn.context?.followup_questions?.length ? (
        <FollowupChips questions={turn.context.followup_questions} onPick={onFollowup} />
      ) : null}
    </li>
  );
}

function LightbulbIcon() {
  return <StrokeIcon d="M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z" />;
}

function ListIcon() {
  return <StrokeIcon d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" round="cap" />;
}

/** "Searched for stipend instead of stipned": the search fixed a typo the documents never use. */
function SpellingNote({ corrections }: { corrections: Record<string, string> }) {
  return (
    <p className="mb-2 text-sm text-slate-600 dark:text-slate-400" data-testid="spelling-note">
      Searched for{" "}
      {Object.entries(corrections).map(([typo, word], i) => (
        <span key={typo}>
          {i > 0 && ", "}
          <strong className="font-semibold text-slate-900 dark:text-slate-100">{word}</strong> instead of <em>{typo}</em>
        </span>
      ))}
      .
    </p>
  );
}
