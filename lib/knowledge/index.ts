import { config } from "@/lib/config";
import { EriRetriever, ERI_BACKEND } from "@/lib/eri/retriever";
import { getIngestor, getRetriever, registerIngestor, registerRetriever } from "./registry";
import { LanceDbIngestor, LANCEDB_BACKEND } from "./lancedb/ingestor";
import { LanceDbRetriever } from "./lancedb/retriever";

/** Built-in backends register here; importing this module is enough to use them. */
registerRetriever(LANCEDB_BACKEND, () => new LanceDbRetriever());
registerIngestor(LANCEDB_BACKEND, () => new LanceDbIngestor());
registerRetriever(ERI_BACKEND, () => new EriRetriever());

/** The configured backend (KNOWLEDGE_BACKEND, default lancedb). */
export const activeIngestor = () => getIngestor(config().knowledgeBackend);
export const activeRetriever = () => getRetriever(config().knowledgeBackend);

export { getIngestor, getRetriever, listIngestors, listRetrievers, registerIngestor, registerRetriever } from "./registry";
/** The ingestion worker runs the jobs the ingestor queues (LanceDB's, the only ingestor yet). */
export { startWorker, stopWorker } from "./lancedb/jobs/worker";
