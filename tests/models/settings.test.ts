import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chatStream } from "@/app/api/chat/stream/route";
import { resetConfig, setStoredSettings } from "@/lib/config";
import { db } from "@/lib/db/client";
import { activeIngestor } from "@/lib/knowledge";
import { listModels, modelSettingsView, saveModelSettings } from "@/lib/models/settings";
import type { FakeOpenAI } from "../helpers/fake-openai";
import { startModelTestBed, type ModelTestBed } from "../helpers/model-env";
import { ingestAndWait } from "../helpers/jobs";
import { HANDBOOK_PAGES, makePdf, writeTemp } from "../helpers/files";

/** Settings → Model against a local OpenAI-compatible server (real HTTP, real SSE). */
let bed: ModelTestBed;
let fake: FakeOpenAI;

beforeAll(async () => {
  bed = await startModelTestBed();
  fake = bed.fake;
});
afterAll(() => bed.close());

const askStipend = () =>
  chatStream(
    new Request("http://local/api/chat/stream", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "How much is the stipend?" }] }),
    }),
  );

describe("model settings", () => {
  it("lists the server's models with the key as a Bearer token, and says what is wrong otherwise", async () => {
    expect(await listModels({ base_url: fake.url, api_key: "sk-typed" })).toEqual(["fake-chat", "fake-embed"]);
    expect(fake.requests.at(-1)).toMatchObject({ path: "/v1/models", authorization: "Bearer sk-typed" });
    await expect(listModels({ base_url: "http://127.0.0.1:9/v1" })).rejects.toThrow(/cannot be reached/);
    await expect(listModels({ base_url: fake.url.replace(/\/v1$/, "/nothing") })).rejects.toThrow(/HTTP 500 .*\/v1/);
  });

  it("switches a model on from the app: key stored encrypted, the chat streams the model's answer", async () => {
    const view = await saveModelSettings({ base_url: fake.url, api_key: "sk-secret-123", chat_model: "fake-chat", embedding_model: "" });
    expect(view).toMatchObject({ has_api_key: true, chat_model: "fake-chat", effective: { chat_model: "fake-chat", base_url: fake.url } });
    expect(view.from_env).toEqual({
      base_url: false,
      azure_endpoint: false,
      azure_api_version: false,
      api_key: false,
      chat_model: false,
      embedding_model: false,
    });
    const row = await db().setting.findUnique({ where: { key: "model-settings" } });
    expect(row?.value).not.toContain("sk-secret-123");

    // The saved key goes to the saved server only.
    await listModels({ base_url: fake.url });
    expect(fake.requests.at(-1)?.authorization).toBe("Bearer sk-secret-123");

    fake.script.push({ kind: "stream", chunks: ["It is 500 dollars ", "[handbook.pdf#page=2]."] });
    const res = await askStipend();
    const lines = (await res.text())
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as { delta?: { content?: string }; context?: { answer_mode?: string } });
    expect(lines.map((l) => l.delta?.content ?? "").join("")).toContain("It is 500 dollars [handbook.pdf#page=2].");
    expect(lines.find((l) => l.context?.answer_mode)?.context?.answer_mode).toBe("model");
    expect(fake.requests.filter((r) => r.path === "/v1/chat/completions").at(-1)?.body.model).toBe("fake-chat");
    expect(fake.requests.at(-1)?.authorization).toBe("Bearer sk-secret-123");
  });

  it("keeps the key when none is sent, lists collections built with another embedding model", async () => {
    const view = await saveModelSettings({ base_url: fake.url, chat_model: "fake-chat", embedding_model: "fake-embed" });
    expect(view.has_api_key).toBe(true);
    expect(view.effective.embedding_model).toBe("fake-embed");
    expect(view.needs_reembedding).toEqual([{ name: "hr", embedding_model: "local-hash-v1", job_id: null }]);
    expect(
      (await saveModelSettings({ base_url: fake.url, chat_model: "fake-chat", embedding_model: "local-hash-v1" })).needs_reembedding,
    ).toEqual([]);
  });

  it("Azure OpenAI: the endpoint, API version and key; the chat calls the deployment with an api-key header", async () => {
    const endpoint = fake.url.replace(/\/v1$/, "");
    expect(await listModels({ provider: "azure", base_url: endpoint, azure_api_version: "2024-10-21", api_key: "az-key" })).toEqual([
      "fake-chat",
      "fake-embed",
    ]);
    expect(fake.requests.at(-1)).toMatchObject({ path: "/openai/models?api-version=2024-10-21", apiKey: "az-key" });
    const view = await saveModelSettings({
      provider: "azure",
      base_url: "",
      azure_endpoint: endpoint,
      azure_api_version: "2024-10-21",
      api_key: "az-key",
      chat_model: "fake-chat",
      embedding_model: "",
    });
    expect(view).toMatchObject({ provider: "azure", azure_endpoint: endpoint, effective: { base_url: endpoint, chat_model: "fake-chat" } });
    expect((await db().setting.findUnique({ where: { key: "model-settings" } }))?.value).not.toContain("az-key");

    fake.script.push({ kind: "stream", chunks: ["It is 500 dollars ", "[handbook.pdf#page=2]."] });
    const res = await askStipend();
    expect(await res.text()).toContain("500 dollars");
    const call = fake.requests.filter((r) => r.path.includes("/chat/completions")).at(-1);
    expect(call).toMatchObject({ path: "/openai/deployments/fake-chat/chat/completions?api-version=2024-10-21", apiKey: "az-key" });

    // An OpenAI-compatible server again: the Azure endpoint no longer applies.
    expect(
      (await saveModelSettings({ base_url: fake.url, api_key: "sk-secret-123", chat_model: "fake-chat", embedding_model: "" })).effective
        .base_url,
    ).toBe(fake.url);
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
    const { status } = await ingestAndWait("remote", [writeTemp(bed.tmp, "handbook.pdf", await makePdf(HANDBOOK_PAGES))]);
    expect(status.is_success, JSON.stringify(status.file_details)).toBe(true);
    expect(fake.requests.filter((r) => r.path === "/v1/embeddings").length).toBeGreaterThan(before);
    await saveModelSettings({ base_url: fake.url, chat_model: "fake-chat", embedding_model: "local-hash-v1" });
  });
});
