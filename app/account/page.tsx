import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { ApiKeysSection } from "@/components/account/ApiKeysSection";
import { Pill } from "@/components/eri/fields";
import { ROLE_LABELS } from "@/components/users/api";
import { signedInUser } from "@/lib/auth/session";
import { userView } from "@/lib/auth/users";

export const metadata: Metadata = { title: "Your account" };

/** /account: who one is signed in as, and one's personal API keys. */
export default async function AccountPage() {
  const signedIn = await signedInUser(new Request("http://page.local/", { headers: await headers() }));
  const user = signedIn && (await userView(signedIn.id));
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Your account</h1>
        {user ? (
          <dl className="mt-3 grid max-w-xl grid-cols-[8rem_1fr] gap-y-1 text-sm">
            <dt className="font-medium">Name</dt>
            <dd>{user.name}</dd>
            <dt className="font-medium">E-mail</dt>
            <dd>{user.email}</dd>
            <dt className="font-medium">Role</dt>
            <dd>
              {ROLE_LABELS[user.role].name}: {ROLE_LABELS[user.role].does}
            </dd>
            <dt className="font-medium">Groups</dt>
            <dd className="flex flex-wrap gap-1">
              {user.groups.length
                ? user.groups.map((g) => (
                    <Pill key={g} tone="muted">
                      {g}
                    </Pill>
                  ))
                : "none"}
            </dd>
          </dl>
        ) : (
          <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
            You are not signed in with an account. Personal API keys belong to accounts: an admin creates yours, then sign in at{" "}
            <Link className="underline" href="/login">
              /login
            </Link>
            .
          </p>
        )}
      </div>
      {user && <ApiKeysSection />}
    </div>
  );
}
