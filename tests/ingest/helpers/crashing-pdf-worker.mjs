/**
 * The real PDF worker, plus a way to make it die on demand: a file whose bytes contain
 * "%docchat-test-crash:exit" ends the thread with process.exit(3); "%docchat-test-crash:throw"
 * throws an uncaught error; "%docchat-test-crash:hang" never returns. Any other file is handled by lib/ingest/workers/pdf-worker.ts.
 */
import { parentPort } from "node:worker_threads";

// Wrap the real worker's message listener, so the crash comes before it sees the file.
const on = parentPort.on.bind(parentPort);
parentPort.on = (event, listener) =>
  on(
    event,
    event !== "message"
      ? listener
      : (task) => {
          const bytes = Buffer.from(task.buffer);
          if (bytes.includes("%docchat-test-crash:exit")) process.exit(3);
          if (bytes.includes("%docchat-test-crash:throw")) throw new Error("simulated pdf.js failure that kills the thread");
          if (bytes.includes("%docchat-test-crash:hang")) for (;;); // pdf.js stuck in a loop
          listener(task);
        },
  );

await import("../../../lib/ingest/workers/pdf-worker.ts");
