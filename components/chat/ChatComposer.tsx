"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { formatNumber } from "@/components/ui/format";
import { SKIP_TARGET } from "@/components/shell/SkipLink";
import { MAX_MESSAGE_CHARS } from "@/lib/chat/limits";
import { StrokeIcon } from "@/components/ui/StrokeIcon";

interface Props {
  streaming: boolean;
  onAsk(question: string): void;
  onStop(): void;
  /** Changes when a new chat starts: the box takes the focus then (and on load). */
  focusKey?: number;
  /** Opens the file picker (files go to a collection); absent for users who may not upload. */
  onAttach?(): void;
}

/**
 * The question box: Enter sends, Shift+Enter adds a line; while streaming, Stop replaces Send.
 * A question over the length limit stays in the box, with the limit said, until it is shortened.
 */
export function ChatComposer({ streaming, onAsk, onStop, focusKey, onAttach }: Props) {
  const [text, setText] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    // Not on touch screens: focusing there opens the on-screen keyboard over the page.
    if (window.matchMedia("(pointer: fine)").matches) ref.current?.focus();
  }, [focusKey]);

  const tooLong = text.length > MAX_MESSAGE_CHARS;

  function send() {
    if (!text.trim() || tooLong || streaming) return;
    onAsk(text);
    setText("");
  }

  return (
    <div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
        className="flex items-end gap-2 rounded-xl border border-slate-300 bg-white p-2 shadow-sm focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/40 dark:border-slate-600 dark:bg-slate-900"
      >
        {onAttach && (
          <Button variant="ghost" onClick={onAttach} aria-label="Add files" title="Add files (or drop them on the chat)" className="px-2.5">
            <PaperclipIcon />
          </Button>
        )}
        <label htmlFor="chat-question" className="sr-only">
          Ask a question about your documents
        </label>
        <textarea
          id="chat-question"
          ref={ref}
          {...{ [SKIP_TARGET]: "" }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          rows={1}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? "chat-question-too-long" : undefined}
          placeholder="Ask a question about your documents…"
          className="max-h-40 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:outline-none dark:text-slate-100 dark:placeholder:text-slate-400 [field-sizing:content]"
        />
        {streaming ? (
          <Button variant="secondary" onClick={onStop} aria-label="Stop generating">
            <StopIcon /> Stop
          </Button>
        ) : (
          <Button type="submit" variant="primary" disabled={!text.trim() || tooLong} aria-label="Send question">
            <SendIcon /> <span className="hidden sm:inline">Send</span>
          </Button>
        )}
      </form>
      {tooLong && (
        <p id="chat-question-too-long" role="alert" className="mt-1 px-2 text-sm text-red-700 dark:text-red-300">
          This question is {formatNumber(text.length)} characters long; a question can be at most {formatNumber(MAX_MESSAGE_CHARS)}. Shorten
          it to send it.
        </p>
      )}
    </div>
  );
}

function SendIcon() {
  return <StrokeIcon d="M22 2 11 13M22 2l-7 20-4-9-9-4z" />;
}

function PaperclipIcon() {
  return <StrokeIcon d="M21 11.5 12.5 20a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5" />;
}

function StopIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <rect x="6" y="6" width="12" height="12" rx="1.5" />
    </svg>
  );
}
