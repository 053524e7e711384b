import type { Ingestor, Retriever } from "./types";

/**
 * The SDK's factory: backends register under a name; callers ask by name or for the
 * configured (active) one. Instances are created lazily, once.
 */
type Factory<T> = () => T;

/** The retriever remote sources are searched through (the ERI client registers under it: lib/eri/retriever.ts). */
export const REMOTE_SOURCE_BACKEND = "eri";

const retrieverFactories = new Map<string, Factory<Retriever>>();
const ingestorFactories = new Map<string, Factory<Ingestor>>();
const retrievers = new Map<string, Retriever>();
const ingestors = new Map<string, Ingestor>();

export function registerRetriever(name: string, factory: Factory<Retriever>): void {
  retrieverFactories.set(name, factory);
  retrievers.delete(name);
}

export function registerIngestor(name: string, factory: Factory<Ingestor>): void {
  ingestorFactories.set(name, factory);
  ingestors.delete(name);
}

function resolve<T>(kind: string, name: string, factories: Map<string, Factory<T>>, cache: Map<string, T>): T {
  const cached = cache.get(name);
  if (cached) return cached;
  const factory = factories.get(name);
  if (!factory) {
    const known = [...factories.keys()].join(", ") || "none";
    throw new Error(`Unknown ${kind} backend "${name}" (registered: ${known})`);
  }
  const instance = factory();
  cache.set(name, instance);
  return instance;
}

export function getRetriever(name: string): Retriever {
  return resolve("retriever", name, retrieverFactories, retrievers);
}

export function getIngestor(name: string): Ingestor {
  return resolve("ingestor", name, ingestorFactories, ingestors);
}

export function listRetrievers(): string[] {
  return [...retrieverFactories.keys()];
}

export function listIngestors(): string[] {
  return [...ingestorFactories.keys()];
}
