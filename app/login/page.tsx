import type { Metadata } from "next";
import Link from "next/link";
import { AccountLoginForm } from "@/components/auth/AccountLoginForm";
import { LoginForm } from "@/components/auth/LoginForm";
import { currentRole } from "@/components/shell/role";
import { SsoButton } from "@/components/auth/SsoButton";
import { ssoSettings } from "@/lib/auth/sso";
import { firstRunOpen } from "@/lib/auth/first-run";
import { accountsExist } from "@/lib/auth/users";
import { liveSetting } from "@/lib/config";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string; token?: string }> }) {
  const { next, token } = await searchParams;
  // Once an admin has created accounts, people sign in with theirs; the token form stays a link away.
  const withAccount = token === undefined && (await accountsExist());
  // Accounts on and none yet: the first admin is made at /setup (which says who may).
  const firstRun = await firstRunOpen();
  const sso = liveSetting("ADMIN_TOKEN") ? ssoSettings() : null;
  // A chat user sent here from an admin page is signed in already: say why this page asks again.
  const role = await currentRole();
  const chatUser = role !== null && role !== "admin";
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-semibold">{chatUser ? "Administrators only" : "Sign in"}</h1>
      {chatUser ? (
        <div className="mt-2 mb-6 space-y-2 text-sm text-slate-600 dark:text-slate-400" data-testid="admin-only-note">
          <p>
            {next ? (
              <>
                The page <code className="font-mono">{next}</code> is
              </>
            ) : (
              "That page is"
            )}{" "}
            for administrators: it manages collections, connections and settings. You are signed in for chatting with the documents.
          </p>
          <p>
            <Link href="/" className="font-medium text-indigo-700 underline dark:text-indigo-300">
              Back to the chat
            </Link>
            , or enter an administrator&apos;s token below.
          </p>
        </div>
      ) : (
        <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-400">
          This DocChat is protected.{" "}
          {withAccount
            ? "Sign in with the account its administrator created for you."
            : "Enter the access token its administrator gave you."}
        </p>
      )}
      {sso && (
        <div className="mb-8">
          <SsoButton name={sso.name} next={next} />
        </div>
      )}
      {withAccount ? (
        <>
          <AccountLoginForm next={next} />
          <p className="mt-6 text-sm">
            <Link
              href={`/login?token=1${next ? `&next=${encodeURIComponent(next)}` : ""}`}
              className="text-indigo-700 underline dark:text-indigo-300"
            >
              Use an access token instead
            </Link>
          </p>
        </>
      ) : (
        <LoginForm next={next} />
      )}
      {firstRun && (
        <p className="mt-6 text-sm" data-testid="first-run">
          No accounts yet.{" "}
          <Link href="/setup" className="text-indigo-700 underline dark:text-indigo-300">
            Create the first admin account
          </Link>
        </p>
      )}
    </div>
  );
}
