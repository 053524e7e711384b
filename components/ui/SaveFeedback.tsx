import { Button } from "./Button";

/** A settings form's foot: why saving failed, that it worked, and the save button. */
export function SaveFeedback({ error, saved, busy, label }: { error: string | null; saved: boolean; busy: boolean; label: string }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          Saved.
        </p>
      )}
      <Button variant="primary" type="submit" disabled={busy}>
        {busy ? "Saving…" : label}
      </Button>
    </>
  );
}
