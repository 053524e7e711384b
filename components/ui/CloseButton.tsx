import { StrokeIcon } from "@/components/ui/StrokeIcon";

/** The × button of panels and drawers. */
export function CloseButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      <StrokeIcon d="M18 6 6 18M6 6l12 12" className="h-5 w-5" round="cap" />
    </button>
  );
}
