export function FollowupChips({ questions, onPick }: { questions: string[]; onPick(question: string): void }) {
  return (
    <nav aria-label="Follow-up questions" className="flex flex-wrap items-center gap-2 pl-1">
      <span className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Follow up:</span>
      {questions.map((q) => (
        <button
          key={q}
          type="button"
          onClick={() => onPick(q)}
          className="rounded-full border border-indigo-300 bg-indigo-50 px-3 py-1 text-left text-sm text-indigo-900 hover:bg-indigo-100 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-100 dark:hover:bg-indigo-900"
        >
          {q}
        </button>
      ))}
    </nav>
  );
}
