import { config } from "@/lib/config";
import { registerPolymathPassages } from "@/lib/polymath/passages";
import { getIngestor, registerIngestor } from "./registry";
import { registerJobBackend } from "./jobs/backend";
import { startWorker } from "./jobs/worker";
import { LanceDbIngestor, LANCEDB_BACKEND } from "./lancedb/ingestor";
import { lanceDbJobBackend } from "./lancedb/job-backend";
import { serverRunsWorker } from "./worker-mode";

/**
 * The composition root of ingestion: built-in backends (and the protocols' passage formats)
 * register here; importing this module is enough to use them. It and ./retrievers.ts are the
 * only core modules that import adapters and protocol folders (tests/architecture/boundaries.test.ts).
 */
registerIngestor(LANCEDB_BACKEND, () => new LanceDbIngestor());
registerJobBackend(LANCEDB_BACKEND, lanceDbJobBackend);
registerPolymathPassages();

/** The configured backend (KNOWLEDGE_BACKEND, default lancedb). */
export const activeIngestor = () => getIngestor(config().knowledgeBackend);
export { activeRetriever } from "./retrievers";

export { getIngestor, getRetriever, listIngestors, listRetrievers, registerIngestor, registerRetriever } from "./registry";
/** The ingestion worker runs the jobs the ingestors queue, through their registered job backends. */
export { runQueuedJobs, startWorker, stopWorker } from "./jobs/worker";

// A started server (INGEST_WORKER=server) runs its worker from the first request that loads the
// knowledge store; routes that never do (pages, job status) stay free of it and of LanceDB.
if (serverRunsWorker()) startWorker();
