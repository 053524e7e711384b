export function ProgressBar({
  value,
  label,
  tone = "indigo",
}: {
  value: number;
  label: string;
  tone?: "indigo" | "green" | "amber" | "red";
}) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  const fill = {
    indigo: "bg-indigo-600 dark:bg-indigo-400",
    green: "bg-green-600 dark:bg-green-500",
    amber: "bg-amber-500 dark:bg-amber-400",
    red: "bg-red-600 dark:bg-red-500",
  }[tone];
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className={`h-full rounded-full transition-[width] duration-300 ${fill}`} style={{ width: `${pct}%` }} />
    </div>
  );
}
