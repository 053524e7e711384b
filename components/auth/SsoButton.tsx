"use client";

import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { errorMessage } from "@/components/ui/http";
import { localPath } from "@/lib/http/local-path";
import { startSingleSignOn } from "./api";

/** Sign in through the organisation's identity provider: off to its page, back signed in. */
export function SsoButton({ name, next }: { name: string; next?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-3">
      <Button
        variant="primary"
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            const { url } = await startSingleSignOn(localPath(next, window.location.origin));
            window.location.assign(url);
          } catch (err) {
            setError(errorMessage(err));
            setBusy(false);
          }
        }}
      >
        {busy ? "Opening…" : `Continue with ${name}`}
      </Button>
      {error && <ErrorNotice message={error} />}
    </div>
  );
}
