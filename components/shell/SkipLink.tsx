"use client";

/** The element "Skip to content" lands on, when a page has a better one than <main> (the chat's message box). */
export const SKIP_TARGET = "data-skip-target";

/** First stop of every page: jumps past the header (and the chat history) to where the page's work happens. */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(e) => {
        const target = document.querySelector<HTMLElement>(`[${SKIP_TARGET}]`);
        if (!target) return; // no script target: the link's own #main does it
        e.preventDefault();
        target.focus();
      }}
      className="sr-only z-50 rounded-md bg-indigo-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
    >
      Skip to content
    </a>
  );
}
