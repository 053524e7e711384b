import { config } from "@/lib/config";
import { warmUpIngestion } from "@/lib/ingest/warm-up";
import { registerPolymathPassages } from "@/lib/polymath/passages";
import { getIngestor, registerIngestor } from "./registry";
import { registerJobBackend } from "./jobs/backend";
import { startWorker } from "./jobs/worker";
import { extractiveSummary } from "./summaries";
import { LanceDbIngestor, LANCEDB_BACKEND } from "./lancedb/ingestor";
import { rehearseRows } from "./lancedb/pipeline";
import { lanceDbJobBackend } from "./lancedb/job-backend";
import type { Ingestor } from "./types";
import { serverRunsWorker } from "./worker-mode";

/**
 * The composition root of ingestion: built-in backends (and the protocols' passage formats)
 * register here; importing this module is enough to use them. It and ./retrievers.ts are the
 * only core modules that import adapters and protocol folders (tests/architecture/boundaries.test.ts).
 */
registerIngestor(LANCEDB_BACKEND, () => new LanceDbIngestor());
registerJobBackend(LANCEDB_BACKEND, lanceDbJobBackend);
registerPolymathPassages();

/**
 * The configured backend (KNOWLEDGE_BACKEND, default lancedb). A started server
 * (INGEST_WORKER=server) starts its worker with the first call: at start-up `npm start`'s health
 * probe makes it, so jobs an earlier run left resume at once. Not at import (no module starts
 * work by being imported), and not from instrumentation.ts, whose imports are traced into every
 * serverless function (lib/bootstrap.ts): routes that never ingest stay free of LanceDB.
 * The worker's start also warms up ingestion (PDF workers, tokenizer, embedder, summaries, the
 * rows LanceDB is given) in the background, so the first upload does not pay for it.
 */
export function activeIngestor(): Ingestor {
  if (serverRunsWorker()) {
    startWorker();
    void warmUpIngestion(async (texts, embedder) => {
      extractiveSummary(texts);
      await rehearseRows(texts, embedder);
    });
  }
  return getIngestor(config().knowledgeBackend);
}
export { activeRetriever } from "./retrievers";

export { getIngestor, getRetriever, listIngestors, listRetrievers, registerIngestor, registerRetriever } from "./registry";
/** The ingestion worker runs the jobs the ingestors queue, through their registered job backends. */
export { runQueuedJobs, startWorker, stopWorker } from "./jobs/worker";
