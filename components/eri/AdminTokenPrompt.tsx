"use client";

import { LoginForm } from "@/components/auth/LoginForm";

/** Shown when the admin API answers 401: ADMIN_TOKEN is set and this browser is not signed in as admin. */
export function AdminTokenPrompt({ onSaved }: { onSaved(): void }) {
  return (
    <div className="max-w-md space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40">
      <p className="text-sm">These settings need the admin token (the server&apos;s ADMIN_TOKEN).</p>
      <LoginForm onLoggedIn={onSaved} />
    </div>
  );
}
