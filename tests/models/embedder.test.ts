import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config, resetConfig } from "@/lib/config";
import { createEmbedder, embedderFor, getEmbedder, resetEmbedderCache } from "@/lib/models/embedder";
import { LOCAL_HASH_MODEL, LocalHashEmbedder } from "@/lib/models/local-embedder";
import { OpenAIEmbedder } from "@/lib/models/openai-embedder";
import { startEmbeddingsServer } from "./fake-embeddings-server";

const KEYS = ["EMBEDDER", "EMBEDDING_MODEL", "EMBEDDING_DIMENSIONS", "OPENAI_API_KEY", "OPENAI_BASE_URL", "AZURE_OPENAI_ENDPOINT"];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function useEnv(env: Record<string, string>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, env);
  resetConfig();
  resetEmbedderCache();
}

beforeEach(() => useEnv({}));
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfig();
  resetEmbedderCache();
});

describe("createEmbedder / getEmbedder", () => {
  it("defaults to the offline local embedder", () => {
    const embedder = createEmbedder();
    expect(embedder).toBeInstanceOf(LocalHashEmbedder);
    expect(embedder.model).toBe(LOCAL_HASH_MODEL);
    expect(embedder.dimensions).toBe(384);
  });

  it("honours EMBEDDING_DIMENSIONS for the local embedder", () => {
    useEnv({ EMBEDDING_DIMENSIONS: "512" });
    expect(createEmbedder().dimensions).toBe(512);
  });

  it("refuses a non-local model name with EMBEDDER=local", () => {
    useEnv({ EMBEDDER: "local", EMBEDDING_MODEL: "text-embedding-3-small" });
    expect(() => createEmbedder()).toThrow(/EMBEDDER=local only provides "local-hash-v1"/);
  });

  it("builds the OpenAI embedder from config and it works end to end", async () => {
    const server = await startEmbeddingsServer();
    try {
      useEnv({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: server.baseURL, EMBEDDING_DIMENSIONS: "32" });
      const embedder = createEmbedder();
      expect(embedder).toBeInstanceOf(OpenAIEmbedder);
      expect(embedder.model).toBe("text-embedding-3-small");
      const [v] = await embedder.embed(["hello"]);
      expect(v).toHaveLength(32);
      expect(server.requests[0].body).toMatchObject({ model: "text-embedding-3-small", dimensions: 32 });
    } finally {
      await server.close();
    }
  });

  it("explains a missing key for EMBEDDER=openai", () => {
    useEnv({ EMBEDDER: "openai" });
    expect(() => createEmbedder()).toThrow(/needs OPENAI_API_KEY/);
  });

  it("caches one instance until the configuration changes", () => {
    const first = getEmbedder();
    expect(getEmbedder()).toBe(first);
    useEnv({ EMBEDDING_DIMENSIONS: "128" });
    expect(getEmbedder()).not.toBe(first);
    expect(getEmbedder().dimensions).toBe(128);
  });
});

describe("embedderFor", () => {
  it("always serves local-hash-v1 collections, at their recorded size", () => {
    useEnv({ OPENAI_API_KEY: "sk-test" }); // app now configured for OpenAI
    const embedder = embedderFor(LOCAL_HASH_MODEL, 256);
    expect(embedder).toBeInstanceOf(LocalHashEmbedder);
    expect(embedder.dimensions).toBe(256);
    expect(embedderFor(LOCAL_HASH_MODEL, 256)).toBe(embedder);
    expect(embedderFor(LOCAL_HASH_MODEL, null).dimensions).toBe(384);
  });

  it("serves the configured OpenAI model", () => {
    useEnv({ OPENAI_API_KEY: "sk-test", EMBEDDING_DIMENSIONS: "256" });
    const embedder = embedderFor("text-embedding-3-small", 256);
    expect(embedder.model).toBe("text-embedding-3-small");
    expect(embedder.dimensions).toBe(256);
  });

  it("holds a collection to its recorded size when no size is configured", () => {
    useEnv({ OPENAI_API_KEY: "sk-test" });
    expect(embedderFor("text-embedding-3-small", 512).dimensions).toBe(512);
  });

  it("says which model built the collection and which one is configured", () => {
    useEnv({});
    expect(() => embedderFor("text-embedding-3-small", 1536)).toThrow(
      'This collection was built with embedding model "text-embedding-3-small" (1536 dimensions) but the app is configured with "local-hash-v1"',
    );
    useEnv({ OPENAI_API_KEY: "sk-test", EMBEDDING_MODEL: "text-embedding-3-large" });
    expect(() => embedderFor("text-embedding-3-small", null)).toThrow(
      /built with embedding model "text-embedding-3-small" but the app is configured with "text-embedding-3-large"/,
    );
    useEnv({ OPENAI_API_KEY: "sk-test", EMBEDDING_DIMENSIONS: "256" });
    expect(() => embedderFor("text-embedding-3-small", 1536)).toThrow(/\(1536 dimensions\).*\(256 dimensions\)/);
    expect(config().embeddingModel).toBe("text-embedding-3-small");
  });
});
