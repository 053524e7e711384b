import { config } from "@/lib/config";
import { getIngestor, registerIngestor } from "./registry";
import { LanceDbIngestor, LANCEDB_BACKEND } from "./lancedb/ingestor";
import { startWorker } from "./lancedb/jobs/worker";
import { serverRunsWorker } from "./worker-mode";

/** Built-in backends register here; importing this module is enough to use them. */
registerIngestor(LANCEDB_BACKEND, () => new LanceDbIngestor());

/** The configured backend (KNOWLEDGE_BACKEND, default lancedb). */
export const activeIngestor = () => getIngestor(config().knowledgeBackend);
export { activeRetriever } from "./retrievers";

export { getIngestor, getRetriever, listIngestors, listRetrievers, registerIngestor, registerRetriever } from "./registry";
/** The ingestion worker runs the jobs the ingestor queues (LanceDB's, the only ingestor yet). */
export { runQueuedJobs, startWorker, stopWorker } from "./lancedb/jobs/worker";

// A started server (INGEST_WORKER=server) runs its worker from the first request that loads the
// knowledge store; routes that never do (pages, job status) stay free of it and of LanceDB.
if (serverRunsWorker()) startWorker();
