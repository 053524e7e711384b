"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { fetchJson, errorMessage } from "@/components/ui/http";
import { ROLE_LABELS } from "@/components/users/api";
import type { InviteOffer } from "@/lib/auth/invites";
import { NewAccountForm } from "./NewAccountForm";

type State = { kind: "checking" } | { kind: "refused"; message: string } | { kind: "offer"; token: string; offer: InviteOffer };

/**
 * /invite#<secret>: the secret stays in the browser (a fragment is never sent with a request or a
 * Referer) until the page posts it to check and then to accept the invite.
 */
export function InviteAcceptance() {
  const [state, setState] = useState<State>({ kind: "checking" });

  useEffect(() => {
    const token = decodeURIComponent(window.location.hash.slice(1));
    const offer = token
      ? fetchJson<InviteOffer>("/api/invites/check", { method: "POST", body: JSON.stringify({ token }) })
      : Promise.reject(new Error("This page needs the whole invitation link, including the part after #."));
    offer
      .then((offer) => setState({ kind: "offer", token, offer }))
      .catch((error: unknown) => setState({ kind: "refused", message: errorMessage(error) }));
  }, []);

  if (state.kind === "checking") return <p className="text-sm text-slate-600 dark:text-slate-400">Checking your invitation…</p>;
  if (state.kind === "refused")
    return (
      <div className="space-y-3">
        <p
          role="alert"
          data-testid="invite-refused"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40"
        >
          {state.message}
        </p>
        <p className="text-sm">
          <Link href="/login" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Go to sign in
          </Link>
        </p>
      </div>
    );
  const { offer, token } = state;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="invite-offer">
        You are invited as <strong>{ROLE_LABELS[offer.role].name.toLowerCase()}</strong> ({ROLE_LABELS[offer.role].does})
        {offer.groups.length ? <>, in {offer.groups.join(", ")}</> : null}. Choose your name and password; the link then stops working.
      </p>
      <NewAccountForm
        fixedEmail={offer.email}
        submitLabel="Create my account"
        onSubmit={async (account) => {
          await fetchJson("/api/invites/accept", { method: "POST", body: JSON.stringify({ token, ...account }) });
        }}
      />
    </div>
  );
}
