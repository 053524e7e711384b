"use client";

import { memo } from "react";
import type { Components } from "react-markdown";
import { SanitizedMarkdown } from "./SanitizedMarkdown";
import { citationNumber, UNSUPPORTED_HREF } from "./answer";

interface Props {
  markdown: string;
  citations: string[];
  onCitationClick(citation: string): void;
}

/**
 * Sanitised markdown; `#cite-n` links (made by parseAnswer) render as numbered superscripts,
 * the unsupported marker as a warning beside the claim it follows.
 */
export const AnswerMarkdown = memo(function AnswerMarkdown({ markdown, citations, onCitationClick }: Props) {
  const components: Components = {
    a({ href, children }) {
      if (href === UNSUPPORTED_HREF) {
        return (
          <span
            title="The model cited a source it was not given: this claim is not backed by your documents."
            className="unsupported mx-0.5 rounded bg-amber-100 px-1 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          >
            unsupported<span className="sr-only"> claim: the model cited a source it was not given</span>
          </span>
        );
      }
      const n = citationNumber(href);
      const citation = n ? citations[n - 1] : undefined;
      if (citation) {
        return (
          <sup>
            <button
              type="button"
              onClick={() => onCitationClick(citation)}
              title={citation}
              aria-label={`Citation ${n}: ${citation}`}
              className="citation mx-0.5 inline-flex min-w-5 items-center justify-center rounded bg-indigo-100 px-1 text-xs font-semibold leading-5 text-indigo-800 hover:bg-indigo-200 dark:bg-indigo-900 dark:text-indigo-100 dark:hover:bg-indigo-800"
            >
              {n}
            </button>
          </sup>
        );
      }
      const external = href?.startsWith("http");
      return (
        <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {children}
        </a>
      );
    },
  };
  return (
    <div className="prose-answer">
      <SanitizedMarkdown markdown={markdown} components={components} />
    </div>
  );
});
