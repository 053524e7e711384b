import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chatStream } from "@/app/api/chat/stream/route";
import { resetConfig, setStoredSettings } from "@/lib/config";
import { closeDb, db } from "@/lib/db/client";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import { listModels, modelSettingsView, resetModelSettings, saveModelSettings } from "@/lib/models/settings";
import { freshDataDir } from "../helpers/env";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { ingestAndWait } from "../helpers/jobs";
import { HANDBOOK_PAGES, makePdf, writeTemp } from "../helpers/files";

/** Settings → Model against a local OpenAI-compatible server (real HTTP, real SSE). */
let fake: FakeOpenAI;
let dir: string;
const ENV_KEYS = ["CHAT_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "EMBEDDING_MODEL", "EMBEDDER", "AZURE_OPENAI_ENDPOINT"];
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  fake = await startFakeOpenAI();
  for (const key of ENV_KEYS) delete process.env[key];
  dir = await freshDataDir();
  delete process.env.EMBEDDER;
  resetModelSettings();
  startWorker();
  await activeIngestor().createCollection("hr");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-settings-"));
  await ingestAndWait("hr", [writeTemp(tmp, "handbook.pdf", await makePdf(HANDBOOK_PAGES))]);
  rmSync(tmp, { recursive: true, force: true });
});
afterAll(async () => {
  await stopWorker();
  await fake.close();
  resetModelSettings();
  for (const [key, value] of Object.entries(saved)) if (value === undefined) delete process.env[key];
  else process.env[key] = value;
  resetConfig();
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});

describe("model settings", () => {
  it("lists the server's models with the key as a Bearer token, and says what is wrong otherwise", async () => {
    expect(await listModels(fake.url, "sk-typed")).toEqual(["fake-chat", "fake-embed"]);
    expect(fake.requests.at(-1)).toMatchObject({ path: "/v1/models", authorization: "Bearer sk-typed" });
    await expect(listModels("http://127.0.0.1:9/v1")).rejects.toThrow(/cannot be reached/);
    await expect(listModels(fake.url.replace(/\/v1$/, "/nothing"))).rejects.toThrow(/HTTP 500 .*\/v1/);
  });

  it("switches a model on from the app: key stored encrypted, the chat streams the model's answer", async () => {
    const view = await saveModelSettings({ base_url: fake.url, api_key: "sk-secret-123", chat_model: "fake-chat", embedding_model: "" });
    expect(view).toMatchObject({ has_api_key: true, chat_model: "fake-chat", effective: { chat_model: "fake-chat", base_url: fake.url } });
    expect(view.from_env).toEqual({ base_url: false, api_key: false, chat_model: false, embedding_model: false });
    const row = await db().setting.findUnique({ where: { key: "model-settings" } });
    expect(row?.value).not.toContain("sk-secret-123");

    // The saved key goes to the saved server only.
    await listModels(fake.url);
    expect(fake.requests.at(-1)?.authorization).toBe("Bearer sk-secret-123");

    fake.script.push({ kind: "stream", chunks: ["It is 500 dollars ", "[handbook.pdf#page=2]."] });
    const res = await chatStream(
      new Request("http://local/api/chat/stream", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: "How much is the stipend?" }] }),
      }),
    );
    const lines = (await res.text()).trimEnd().split("\n").map((l) => JSON.parse(l) as { delta?: { content?: string }; context?: { answer_mode?: string } });
    expect(lines.map((l) => l.delta?.content ?? "").join("")).toContain("It is 500 dollars [handbook.pdf#page=2].");
    expect(lines.find((l) => l.context?.answer_mode)?.context?.answer_mode).toBe("model");
    expect(fake.requests.filter((r) => r.path === "/v1/chat/completions").at(-1)?.body.model).toBe("fake-chat");
    expect(fake.requests.at(-1)?.authorization).toBe("Bearer sk-secret-123");
  });

  it("keeps the key when none is sent, lists collections built with another embedding model", async () => {
    const view = await saveModelSettings({ base_url: fake.url, chat_model: "fake-chat", embedding_model: "fake-embed" });
    expect(view.has_api_key).toBe(true);
    expect(view.effective.embedding_model).toBe("fake-embed");
    expect(view.needs_reembedding).toEqual([{ name: "hr", embedding_model: "local-hash-v1" }]);
    expect((await saveModelSettings({ base_url: fake.url, chat_model: "fake-chat", embedding_model: "local-hash-v1" })).needs_reembedding).toEqual([]);
  });

  it("lets environment variables win, and says so", async () => {
    process.env.CHAT_MODEL = "env-model";
    resetConfig();
    try {
      const view = await modelSettingsView();
      expect(view.from_env.chat_model).toBe(true);
      expect(view.chat_model).toBe("fake-chat");
      expect(view.effective.chat_model).toBe("env-model");
    } finally {
      delete process.env.CHAT_MODEL;
      resetConfig();
    }
  });

  it("a worker that has not loaded the saved settings yet embeds with the saved model", async () => {
    await saveModelSettings({ base_url: fake.url, api_key: "sk-secret-123", chat_model: "fake-chat", embedding_model: "fake-embed" });
    await activeIngestor().createCollection("remote");
    expect((await db().collection.findUnique({ where: { name: "remote" } }))?.embeddingModel).toBe("fake-embed");
    setStoredSettings({}); // what a worker process of its own starts with
    const before = fake.requests.filter((r) => r.path === "/v1/embeddings").length;
    const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-settings-"));
    const { status } = await ingestAndWait("remote", [writeTemp(tmp, "handbook.pdf", await makePdf(HANDBOOK_PAGES))]);
    rmSync(tmp, { recursive: true, force: true });
    expect(status.is_success, JSON.stringify(status.file_details)).toBe(true);
    expect(fake.requests.filter((r) => r.path === "/v1/embeddings").length).toBeGreaterThan(before);
    await saveModelSettings({ base_url: fake.url, chat_model: "fake-chat", embedding_model: "local-hash-v1" });
  });
});
