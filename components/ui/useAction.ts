"use client";

import { useCallback, useState } from "react";
import { errorMessage } from "./http";

/**
 * A button's or form's async action: `busy` while it runs, its error message after a failure
 * (cleared when it runs again). `run` resolves true when the action succeeded.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
