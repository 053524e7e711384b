/** A secret just created, shown this once: the server keeps only its hash. */
export function SecretShownOnce({ message, secret, testId }: { message: string; secret: string; testId: string }) {
  return (
    <div
      role="status"
      className="space-y-1 rounded-md border border-green-300 bg-green-50 p-3 text-sm dark:border-green-800 dark:bg-green-950/40"
    >
      <p>{message}</p>
      <code className="block select-all break-all rounded bg-white px-2 py-1 dark:bg-slate-900" data-testid={testId}>
        {secret}
      </code>
    </div>
  );
}
