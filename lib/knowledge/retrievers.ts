import { config } from "@/lib/config";
import { EriRetriever, ERI_BACKEND } from "@/lib/eri/retriever";
import { getRetriever, registerRetriever } from "./registry";
import { LanceDbRetriever } from "./lancedb/retriever";
import { LANCEDB_BACKEND } from "./lancedb/backend";

/**
 * The built-in retrievers, registered on import. Apart from the ingestors (./index.ts), so a
 * function that only searches carries no file parsers, OCR or canvas. With ./index.ts, one of
 * the two composition roots: the only core modules that import adapters and protocol folders,
 * to register them (tests/architecture/boundaries.test.ts).
 */
registerRetriever(LANCEDB_BACKEND, () => new LanceDbRetriever());
registerRetriever(ERI_BACKEND, () => new EriRetriever());

/** The configured backend's retriever (KNOWLEDGE_BACKEND, default lancedb). */
export const activeRetriever = () => getRetriever(config().knowledgeBackend);

export { getRetriever };
