"use client";

import { CloseButton } from "./CloseButton";
import { useModalDialog } from "./useModalDialog";

interface DrawerProps {
  open: boolean;
  side: "left" | "right";
  title: string;
  onClose(): void;
  children: React.ReactNode;
}

/** A modal side sheet on the native <dialog> (focus trap, Escape, inert page behind). */
export function Drawer({ open, side, title, onClose, children }: DrawerProps) {
  const ref = useModalDialog(open);

  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(); // a click on the backdrop
      }}
      className={`fixed inset-y-0 m-0 h-dvh max-h-dvh w-[min(22rem,100vw)] max-w-none border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${
        side === "right" ? "right-0 left-auto border-l" : "left-0 right-auto border-r"
      }`}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <h2 className="text-base font-semibold">{title}</h2>
          <CloseButton label={`Close ${title.toLowerCase()}`} onClick={onClose} />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </div>
    </dialog>
  );
}
