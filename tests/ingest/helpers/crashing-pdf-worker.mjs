/**
 * The real PDF worker, plus a way to make it die on demand: a file whose bytes contain
 * "%docchat-test-crash:exit" ends the thread with process.exit(3); "%docchat-test-crash:throw"
 * throws an uncaught error. Any other file is handed to lib/ingest/workers/pdf-worker.mjs.
 */
import { parentPort } from "node:worker_threads";

// Registered before the real worker's listener, so a crash happens before it sees the file.
parentPort?.on("message", ({ buffer }) => {
  const bytes = Buffer.from(buffer);
  if (bytes.includes("%docchat-test-crash:exit")) process.exit(3);
  if (bytes.includes("%docchat-test-crash:throw")) throw new Error("simulated pdf.js failure that kills the thread");
});

await import("../../../lib/ingest/workers/pdf-worker.mjs");
