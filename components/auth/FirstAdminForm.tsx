"use client";

import { fetchJson } from "@/components/ui/http";
import { NewAccountForm } from "./NewAccountForm";

/** The first admin's account: the server creates it, signs it in, and closes /setup. */
export function FirstAdminForm() {
  return (
    <NewAccountForm
      submitLabel="Create the admin account"
      onSubmit={async (account) => {
        await fetchJson("/api/setup", { method: "POST", body: JSON.stringify(account) });
      }}
    />
  );
}
