import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { FirstAdminForm } from "@/components/auth/FirstAdminForm";
import { firstRunState } from "@/lib/auth/first-run";

export const metadata: Metadata = { title: "Set up DocChat" };
export const dynamic = "force-dynamic";

const link = "font-medium text-indigo-700 underline dark:text-indigo-300";

/** First run: the first admin account, while accounts are on and none exists (lib/auth/first-run.ts). */
export default async function SetupPage() {
  const incoming = await headers();
  const state = await firstRunState(new Request("http://setup.local/setup", { headers: incoming }));
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-4 text-2xl font-semibold">Set up DocChat</h1>
      {state === "open" ? (
        <div className="space-y-6">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Create the first administrator account. It manages everything and invites the others; once it exists this page is closed.
          </p>
          <FirstAdminForm />
        </div>
      ) : (
        <p role="status" data-testid="setup-closed" className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
          {state === "off" ? (
            <>
              This app runs as one local user and needs no account. Accounts come on when the server is started with{" "}
              <code>ADMIN_TOKEN</code> set.{" "}
              <Link href="/" className={link}>
                Go to the chat
              </Link>
              .
            </>
          ) : state === "done" ? (
            <>
              DocChat is set up: its first administrator exists.{" "}
              <Link href="/login" className={link}>
                Sign in
              </Link>
              ; admins add people on Settings → Users.
            </>
          ) : (
            <>
              Create the first administrator from the server itself (open http://localhost there), or{" "}
              <Link href="/login?token=1&next=/setup" className={link}>
                sign in with the admin token
              </Link>{" "}
              first.
            </>
          )}
        </p>
      )}
    </div>
  );
}
