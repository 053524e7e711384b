import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { resetConfig } from "@/lib/config";
import { activeIngestor } from "@/lib/knowledge";
import { startWorker, stopWorker } from "@/lib/knowledge";
import { POST as chat } from "@/app/api/chat/route";
import { POST as chatStream } from "@/app/api/chat/stream/route";
import { freshDataDir } from "../helpers/env";
import { ingestAndWait } from "../helpers/jobs";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { HANDBOOK_PAGES, makePdf, writeTemp } from "../helpers/files";

/** The model path against a local fake OpenAI-compatible server (real HTTP, real SSE). */

let fake: FakeOpenAI;
const post = (handler: (r: Request) => Promise<Response>, body: unknown) =>
  handler(new Request("http://local/api/chat", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
const lines = async (res: Response) => (await res.text()).trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
const ask = (content: string, extra: Record<string, unknown> = {}) => ({ messages: [{ role: "user", content }], ...extra });

beforeAll(async () => {
  fake = await startFakeOpenAI();
  // Ingest offline (local embedder), then switch the chat model on.
  await freshDataDir({ EMBEDDER: "local" });
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-model-"));
  startWorker();
  await activeIngestor().createCollection("hr");
  await ingestAndWait("hr", [writeTemp(tmp, "handbook.pdf", await makePdf(HANDBOOK_PAGES))]);
  Object.assign(process.env, { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "test-key", CHAT_MODEL: "fake-model", CHAT_TIMEOUT_MS: "1500", CHAT_IDLE_TIMEOUT_MS: "400" });
  resetConfig();
});
afterAll(async () => {
  await stopWorker();
  await fake.close();
  for (const key of ["OPENAI_BASE_URL", "OPENAI_API_KEY", "CHAT_MODEL", "CHAT_TIMEOUT_MS", "CHAT_IDLE_TIMEOUT_MS"]) delete process.env[key];
  resetConfig();
});

describe("chat with a model", () => {
  it("streams the answer, cuts out follow-ups split across chunks, drops invented citations", async () => {
    fake.script.push({
      kind: "stream",
      chunks: ["The deductible is 1,500 dollars ", "[handbook.pdf#pa", "ge=3]", " [made-up.pdf#page=9].", "\n\n<", "<What about out-of-network", " care?>", "><<Is dental covered?>>"],
      usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
    });
    const res = await post(chatStream, ask("What is the deductible?", { context: { overrides: { suggest_followup_questions: true, temperature: 0.1, seed: 7 } } }));
    expect(res.status).toBe(200);
    const all = await lines(res);
    const text = all.map((l) => (l.delta as { content?: string } | undefined)?.content ?? "").join("");
    expect(text).toContain("[handbook.pdf#page=3]");
    expect(text).not.toContain("made-up.pdf");
    expect(text).not.toContain("<<");
    expect(text).not.toContain(">>");
    const last = all.at(-1) as { context: { followup_questions: string[]; thoughts: { title: string; description: unknown; props?: { token_usage?: object } }[] } };
    expect(last.context.followup_questions).toEqual(["What about out-of-network care?", "Is dental covered?"]);
    // Where the reference frontend reads them: token usage in props, the prompt as message objects.
    expect(last.context.thoughts.find((t) => t.title === "Answer")?.props?.token_usage).toEqual({
      prompt_tokens: 120,
      completion_tokens: 30,
      reasoning_tokens: 0,
      total_tokens: 150,
    });
    const prompt = last.context.thoughts.find((t) => t.title === "Prompt to generate answer")?.description as { role: string; content: string }[];
    expect(prompt.map((m) => m.role)).toEqual(["system", "user"]);
    expect(prompt[1].content).toMatch(/Sources:\nhandbook\.pdf#page=\d: /);
    const sent = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[]; temperature: number; seed: number; stream: boolean };
    expect(sent).toMatchObject({ temperature: 0.1, seed: 7, stream: true });
    expect(sent.messages[0].content).toMatch(/Uploaded Documents[\s\S]*handbook\.pdf/);
    expect(sent.messages.at(-1)!.content).toMatch(/Sources:\nhandbook\.pdf#page=\d: /);
  });

  it("rewrites a follow-up with the model in the light of the history", async () => {
    fake.script.push({ kind: "json", content: "remote work stipend amount" }, { kind: "stream", chunks: ["It is 500 dollars [handbook.pdf#page=2]."] });
    const body = await (
      await post(chat, {
        messages: [
          { role: "user", content: "Can I work remotely?" },
          { role: "assistant", content: "Yes, up to three days [handbook.pdf#page=2]." },
          { role: "user", content: "How much is the stipend?" },
        ],
      })
    ).json();
    expect(body.message.content).toBe("It is 500 dollars [handbook.pdf#page=2].");
    expect(body.context.answer_mode).toBe("model");
    expect(body.context.thoughts.find((t: { title: string }) => t.title === "Generated search query").description).toBe("remote work stipend amount");
  });

  it("searches each part of a compound question and gives the model the sources of both", async () => {
    fake.script.push({ kind: "stream", chunks: ["Twenty days [handbook.pdf#page=1]; 1,500 dollars [handbook.pdf#page=3]."] });
    const body = await (await post(chat, ask("How many vacation days do employees get, and what is the deductible for in-network care?"))).json();
    const search = body.context.thoughts.find((t: { title: string }) => t.title === "Generated search queries");
    expect(search.description).toEqual(["How many vacation days do employees get", "what is the deductible for in-network care?"]);
    const sources = (fake.requests.at(-1)!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(sources).toContain("handbook.pdf#page=1: ");
    expect(sources).toContain("handbook.pdf#page=3: ");
  });

  it("reports a rate-limited model as an error line after the context", async () => {
    fake.script.push({ kind: "status", status: 429, message: "slow down", headers: { "retry-after": "1" } });
    const all = await lines(await post(chatStream, ask("What is the deductible?")));
    expect(all[0]).toHaveProperty("context");
    expect(all.at(-1)).toEqual({ error: "The language model is rate-limited right now. Please try again in a moment." });
  });

  it("gives up on a model that does not answer, within the configured time", async () => {
    fake.script.push({ kind: "hang" });
    const started = Date.now();
    const all = await lines(await post(chatStream, ask("What is the deductible?")));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(String((all.at(-1) as { error?: string }).error)).toMatch(/did not answer in time/);
  });

  it("answers a JSON request error as 502-class JSON {error}", async () => {
    fake.script.push({ kind: "status", status: 500, message: "boom" });
    const res = await post(chat, ask("What is the deductible?"));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: "The language model server failed (HTTP 500). Please try again." });
  });

  it("writes document summaries with the model when one is configured", async () => {
    fake.script.push({ kind: "json", content: "A short travel policy." });
    const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-summary-"));
    const { fileIds } = await ingestAndWait("hr", [writeTemp(tmp, "travel.md", "# Travel\n\nBook flights two weeks ahead. Hotels are reimbursed up to 200 dollars.")]);
    const file = await activeIngestor().getFileStatus(fileIds[0], "hr");
    expect(file?.metadata.summary).toBe("A short travel policy.");
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain("Summarize this document (travel.md)");
  });

  it("reports an unreachable model server clearly", async () => {
    process.env.OPENAI_BASE_URL = "http://127.0.0.1:9/v1";
    resetConfig();
    try {
      const all = await lines(await post(chatStream, ask("What is the deductible?")));
      expect(String((all.at(-1) as { error?: string }).error)).toMatch(/cannot be reached/);
    } finally {
      process.env.OPENAI_BASE_URL = fake.url;
      resetConfig();
    }
  });
});

describe("model faults", () => {
  /** Runs a streamed turn; returns its lines, the error line, the turns saved and what was logged. */
  async function faultyTurn(endpoint: "stream" | "json" = "stream") {
    const logged: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(String(line)));
    try {
      const chatsBefore = await db().chat.findMany({ select: { id: true } });
      const res = await post(endpoint === "stream" ? chatStream : chat, ask("What is the deductible?"));
      const all = endpoint === "stream" ? await lines(res) : [await res.json()];
      const newChats = (await db().chat.findMany({ select: { id: true } })).filter((c) => !chatsBefore.some((b) => b.id === c.id));
      const saved = await db().chatMessage.count({ where: { chatId: { in: newChats.map((c) => c.id) } } });
      const failures = logged.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
      return { status: res.status, all, error: (all.at(-1) as { error?: string }).error, saved, failures };
    } finally {
      spy.mockRestore();
    }
  }

  it("aborts a stream that sends a chunk then stalls, after the idle timeout, and saves nothing", async () => {
    fake.script.push({ kind: "stall", chunks: ["The deductible is "] });
    const started = Date.now();
    const turn = await faultyTurn();
    // Idle timeout 400 ms: well before the 1.5 s first-byte timeout could have fired.
    expect(Date.now() - started).toBeLessThan(1400);
    expect(turn.all.some((l) => (l.delta as { content?: string } | undefined)?.content === "The deductible is ")).toBe(true);
    expect(turn.error).toBe("The language model stopped answering mid-reply (nothing for 400 ms). Please try again.");
    expect(turn.saved).toBe(0);
    expect(turn.failures).toEqual([expect.objectContaining({ level: "error", event: "model_failure", step: "answer", status: 200 })]);
    expect(String(turn.failures[0].message)).toMatch(/idle for 400 ms after 2 chunk/);
  });

  it("treats a 200 JSON completion where a stream was asked for as an error, never an empty answer", async () => {
    fake.script.push({ kind: "json", content: "A whole answer, but not streamed." });
    const turn = await faultyTurn();
    expect(turn.all[0]).toHaveProperty("context");
    expect(turn.error).toBe("The language model server sent a reply that is not an answer stream.");
    expect(turn.saved).toBe(0);
    expect(turn.failures).toEqual([expect.objectContaining({ event: "model_failure", status: 200, message: "200 reply with content-type 'application/json'" })]);
  });

  it("treats a 200 HTML page (a proxy's login page) as an error on the JSON endpoint too", async () => {
    fake.script.push({ kind: "raw", contentType: "text/html; charset=utf-8", body: "<html><body>Please sign in</body></html>" });
    const turn = await faultyTurn("json");
    expect(turn.status).toBe(502);
    expect(turn.error).toBe("The language model server sent a reply that is not an answer stream.");
    expect(turn.saved).toBe(0);
  });

  it("treats a stream that ends with no content and no finish_reason as an error", async () => {
    fake.script.push({ kind: "stream", chunks: [], finish: false });
    const turn = await faultyTurn();
    expect(turn.error).toBe("The language model's reply ended without an answer. Please try again.");
    expect(turn.saved).toBe(0);
    expect(String(turn.failures[0]?.message)).toMatch(/no content and no finish_reason/);
  });

  it("logs an HTTP failure of the model server as one JSON line with its status", async () => {
    fake.script.push({ kind: "status", status: 503, message: "overloaded" });
    const turn = await faultyTurn();
    expect(turn.error).toBe("The language model server failed (HTTP 503). Please try again.");
    expect(turn.failures).toEqual([
      { time: expect.any(String), level: "error", event: "model_failure", step: "answer", status: 503, message: "503 overloaded", shown: turn.error },
    ]);
  });
});
