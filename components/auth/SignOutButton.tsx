"use client";

import { useRouter } from "next/navigation";

/** Ends this browser's session (the server clears its http-only cookie). */
export function SignOutButton() {
  const router = useRouter();
  return (
    <button
      type="button"
      className="rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
      onClick={async () => {
        // Either kind of session: the account's (deleted on the server) and the token's cookie.
        await fetch("/api/account/sign-out", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
        await fetch("/api/auth/logout", { method: "POST" });
        router.replace("/login");
        router.refresh(); // the header re-renders without the session
      }}
    >
      Sign out
    </button>
  );
}
