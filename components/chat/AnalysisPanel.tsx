"use client";

import { CloseButton } from "@/components/ui/CloseButton";
import { useEffect, useId, useRef } from "react";
import { CitationTab } from "./CitationTab";
import { SupportingContentTab } from "./SupportingContentTab";
import { ThoughtProcessTab } from "./ThoughtProcessTab";
import type { PanelState, Turn } from "./types";

const TABS: { id: PanelState["tab"]; label: string }[] = [
  { id: "citation", label: "Citation" },
  { id: "thoughts", label: "Thought process" },
  { id: "supporting", label: "Supporting content" },
];

interface Props {
  turn: Turn;
  state: PanelState;
  onChange(state: PanelState): void;
  onClose(): void;
}

/** Side panel for one answer: the cited source, the steps that produced it, its data points. */
export function AnalysisPanel({ turn, state, onChange, onClose }: Props) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabs = TABS.filter((t) => t.id !== "citation" || state.citation);

  // Focus goes back to what opened the panel (a citation, "Thought process") once it closes,
  // rather than to the top of the page. The answer re-renders as the panel opens, so a citation
  // may be a new button by then: it is found again by its label.
  const openedFrom = useRef({ turnId: turn.id, citation: state.tab === "citation" ? state.citation : undefined });
  useEffect(() => {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const { turnId, citation } = openedFrom.current;
    return () => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const turnButtons = document.querySelectorAll<HTMLElement>(`[data-turn-id="${CSS.escape(turnId)}"] button[aria-label]`);
      const cited = citation ? [...turnButtons].find((b) => b.getAttribute("aria-label")?.endsWith(`: ${citation}`)) : undefined;
      (opener?.isConnected ? opener : cited)?.focus();
    };
  }, []);

  // Move focus into the panel when it opens or shows another answer.
  useEffect(() => headingRef.current?.focus(), [turn.id]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !document.querySelector("dialog[open]")) onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  function onTabKey(e: React.KeyboardEvent, index: number) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    let next = step ? (index + step + tabs.length) % tabs.length : e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : -1;
    if (next === -1) return;
    e.preventDefault();
    next = Math.max(0, next);
    onChange({ ...state, tab: tabs[next].id });
    tabRefs.current[next]?.focus();
  }

  return (
    <aside
      aria-labelledby={`${id}-title`}
      data-testid="analysis-panel"
      className="fixed inset-0 top-14 z-20 flex flex-col bg-white lg:static lg:z-auto lg:w-[min(42rem,45vw)] lg:shrink-0 lg:border-l lg:border-slate-200 dark:bg-slate-950 dark:lg:border-slate-800"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="min-w-0 flex-1 truncate text-base font-semibold outline-none">
          Answer details
        </h2>
        <CloseButton label="Close answer details" onClick={onClose} />
      </div>
      <div
        role="tablist"
        aria-label="Answer details"
        className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 dark:border-slate-800"
      >
        {tabs.map((tab, i) => {
          const selected = tab.id === state.tab;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange({ ...state, tab: tab.id })}
              onKeyDown={(e) => onTabKey(e, i)}
              className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                selected
                  ? "border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200"
                  : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${state.tab}`}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto p-4"
      >
        {state.tab === "citation" && state.citation && (
          <CitationTab citation={state.citation} context={turn.context} answer={turn.answer} />
        )}
        {state.tab === "thoughts" && <ThoughtProcessTab thoughts={turn.context?.thoughts ?? []} />}
        {state.tab === "supporting" && (
          <SupportingContentTab
            dataPoints={turn.context?.data_points}
            onOpenCitation={(citation) => onChange({ ...state, tab: "citation", citation })}
          />
        )}
      </div>
    </aside>
  );
}
