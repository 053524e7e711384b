import { config } from "@/lib/config";
import { getIngestor, getRetriever, registerIngestor, registerRetriever } from "./registry";
import { LanceDbIngestor, LANCEDB_BACKEND } from "./lancedb/ingestor";
import { LanceDbRetriever } from "./lancedb/retriever";
import { EriRetriever, ERI_BACKEND } from "./eri/retriever";

/** Built-in backends register here; importing this module is enough to use them. */
registerRetriever(LANCEDB_BACKEND, () => new LanceDbRetriever());
registerIngestor(LANCEDB_BACKEND, () => new LanceDbIngestor());
registerRetriever(ERI_BACKEND, () => new EriRetriever());

/** The configured backend (KNOWLEDGE_BACKEND, default lancedb). */
export const activeIngestor = () => getIngestor(config().knowledgeBackend);
export const activeRetriever = () => getRetriever(config().knowledgeBackend);

export { getIngestor, getRetriever, registerIngestor, registerRetriever } from "./registry";
