import type { InputHTMLAttributes, ReactNode } from "react";

/** Small form primitives for the ERI settings, styled like the rest of the app. */

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";

export function Field({ id, label, hint, children }: { id: string; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextInput({ id, hint, ...rest }: InputHTMLAttributes<HTMLInputElement> & { id: string; hint?: boolean }) {
  return <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={inputClass} {...rest} />;
}

export function Checkbox({
  id,
  label,
  description,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode; description?: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-indigo-600" {...rest} />
      <label htmlFor={id} className="text-sm">
        <span className="font-medium">{label}</span>
        {description && <span className="block text-xs text-slate-600 dark:text-slate-400">{description}</span>}
      </label>
    </div>
  );
}

export function Radio({
  id,
  label,
  description,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode; description?: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="radio" className="mt-0.5 h-4 w-4 accent-indigo-600" {...rest} />
      <label htmlFor={id} className="text-sm">
        <span className="font-medium">{label}</span>
        {description && <span className="block text-xs text-slate-600 dark:text-slate-400">{description}</span>}
      </label>
    </div>
  );
}

const TONES = {
  ok: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  error: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  muted: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
} as const;

export function Pill({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>;
}
