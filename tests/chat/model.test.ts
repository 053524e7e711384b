import { mkdtempSync, rmSync } from "node:fs";
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
import { ingestAndWait, LEAVE_PAGE, withSeveralPassagePage } from "../helpers/jobs";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { HANDBOOK_PAGES, makePdf, writeTemp } from "../helpers/files";

/** The model path against a local fake OpenAI-compatible server (real HTTP, real SSE). */

let fake: FakeOpenAI;
const post = (handler: (r: Request) => Promise<Response>, body: unknown) =>
  handler(
    new Request("http://local/api/chat", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );
const lines = async (res: Response) =>
  (await res.text())
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const ask = (content: string, extra: Record<string, unknown> = {}) => ({ messages: [{ role: "user", content }], ...extra });
const textOf = (all: Record<string, unknown>[]) => all.map((l) => (l.delta as { content?: string } | undefined)?.content ?? "").join("");
/** Retries wait at most 1.5 s here: a Retry-After of 2 minutes is beyond it. */
const MODEL_ENV = {
  OPENAI_API_KEY: "test-key",
  CHAT_MODEL: "fake-model",
  CHAT_TIMEOUT_MS: "1500",
  CHAT_IDLE_TIMEOUT_MS: "400",
  CHAT_RETRY_MAX_WAIT_MS: "1500",
};
/** A transient failure that asks for a short wait (OpenAI's retry-after-ms), so retries stay quick. */
const failing = (status: number, message: string, times: number) =>
  Array.from({ length: times }, () => ({ kind: "status" as const, status, message, headers: { "retry-after-ms": "20" } }));

beforeAll(async () => {
  fake = await startFakeOpenAI();
  // Ingest offline (local embedder), then switch the chat model on.
  await freshDataDir({ EMBEDDER: "local" });
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-model-"));
  startWorker();
  await activeIngestor().createCollection("hr");
  await ingestAndWait("hr", [writeTemp(tmp, "handbook.pdf", await makePdf(HANDBOOK_PAGES))]);
  Object.assign(process.env, { ...MODEL_ENV, OPENAI_BASE_URL: fake.url });
  resetConfig();
});
afterAll(async () => {
  await stopWorker();
  await fake.close();
  for (const key of ["OPENAI_BASE_URL", ...Object.keys(MODEL_ENV)]) delete process.env[key];
  resetConfig();
});

describe("chat with a model", () => {
  it("streams the answer, cuts out follow-ups split across chunks, marks invented citations as unsupported", async () => {
    fake.script.push({
      kind: "stream",
      chunks: [
        "The deductible is 1,500 dollars ",
        "[handbook.pdf#pa",
        "ge=3]",
        " [made-up.pdf#page=2].",
        " Dental is free [made-up.pdf#page=9].",
        "\n\n<",
        "<What about out-of-network",
        " care?>",
        "><<Is dental covered?>>",
      ],
      usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
    });
    const res = await post(
      chatStream,
      ask("What is the deductible?", { context: { overrides: { suggest_followup_questions: true, temperature: 0.1, seed: 7 } } }),
    );
    expect(res.status).toBe(200);
    const all = await lines(res);
    const text = textOf(all);
    // Beside a real citation an invented one is dropped; alone, it is marked where it stood.
    expect(text).toContain("The deductible is 1,500 dollars [handbook.pdf#page=3]. Dental is free [unsupported].");
    expect(text).not.toContain("made-up.pdf");
    expect(text).not.toContain("<<");
    expect(text).not.toContain(">>");
    const last = all.at(-1) as {
      context: {
        followup_questions: string[];
        answer_status: string;
        thoughts: { title: string; description: unknown; props?: { token_usage?: object; unsupported_citations?: string[] } }[];
      };
    };
    expect(last.context.followup_questions).toEqual(["What about out-of-network care?", "Is dental covered?"]);
    expect(last.context.answer_status).toBe("complete");
    expect(last.context.thoughts.find((t) => t.title === "Answer")?.props?.unsupported_citations).toEqual([
      "made-up.pdf#page=2",
      "made-up.pdf#page=9",
    ]);
    // Where the reference frontend reads them: token usage in props, the prompt as message objects.
    expect(last.context.thoughts.find((t) => t.title === "Answer")?.props?.token_usage).toEqual({
      prompt_tokens: 120,
      completion_tokens: 30,
      reasoning_tokens: 0,
      total_tokens: 150,
    });
    const prompt = last.context.thoughts.find((t) => t.title === "Prompt to generate answer")?.description as {
      role: string;
      content: string;
    }[];
    expect(prompt.map((m) => m.role)).toEqual(["system", "user"]);
    expect(prompt[1].content).toMatch(/Sources:\n\nhandbook\.pdf#page=\d:\n/);
    const sent = fake.requests.at(-1)!.body as {
      messages: { role: string; content: string }[];
      temperature: number;
      seed: number;
      stream: boolean;
    };
    expect(sent).toMatchObject({ temperature: 0.1, seed: 7, stream: true });
    // What the documents are is told in the user's message with the sources, not in the system's voice.
    expect(sent.messages[0].content).not.toContain("handbook.pdf");
    expect(sent.messages.at(-1)!.content).toMatch(/^What is the deductible\?\n\nDocuments the sources come from:\n- handbook\.pdf/);
    // Each source keeps its lines: the page's heading stays on a line of its own.
    expect(sent.messages.at(-1)!.content).toMatch(/handbook\.pdf#page=3:\nHealth Benefits\nThe annual deductible/);
  });

  it("rewrites a follow-up with the model in the light of the history", async () => {
    fake.script.push(
      { kind: "json", content: "remote work stipend amount" },
      { kind: "stream", chunks: ["It is 500 dollars [handbook.pdf#page=2]."] },
    );
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
    expect(body.context.thoughts.find((t: { title: string }) => t.title === "Generated search query").description).toBe(
      "remote work stipend amount",
    );
  });

  it("searches each part of a compound question and gives the model the sources of both", async () => {
    fake.script.push({ kind: "stream", chunks: ["Twenty days [handbook.pdf#page=1]; 1,500 dollars [handbook.pdf#page=3]."] });
    const body = await (
      await post(chat, ask("How many vacation days do employees get, and what is the deductible for in-network care?"))
    ).json();
    const search = body.context.thoughts.find((t: { title: string }) => t.title === "Generated search queries");
    expect(search.description).toEqual(["How many vacation days do employees get", "what is the deductible for in-network care?"]);
    const sources = (fake.requests.at(-1)!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(sources).toContain("handbook.pdf#page=1:\n");
    expect(sources).toContain("handbook.pdf#page=3:\n");
  });

  it("gives the model the rest of a found passage's page, once", async () => {
    // The search (top 1) finds only the page's first passage.
    await withSeveralPassagePage(LEAVE_PAGE, async () => {
      fake.script.push({ kind: "stream", chunks: ["Sixteen weeks [leave.pdf#page=1]."] });
      const res = await post(chat, ask("Who may take parental leave?", { context: { overrides: { collections: ["leave"], top: 1 } } }));
      const body = await res.json();
      const found = body.context.thoughts.find((t: { title: string }) => t.title === "Search results").description as { content: string }[];
      expect(found.map((c) => c.content).join(" ")).not.toContain("sixteen weeks");
      const prompt = (fake.requests.at(-1)!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
      expect(prompt).toContain("The benefit lasts sixteen weeks at full pay");
      expect(prompt.match(/leave\.pdf#page=1:\n/g)).toHaveLength(1);
      // The data points are what the model read.
      expect(body.context.data_points.text).toEqual([expect.stringContaining("sixteen weeks")]);
    });
  });

  it("searches each side of a comparison on its own, as the offline path does", async () => {
    const standard = [
      "Standard Deductible\nThe Standard deductible is 2,000 dollars a year. The Standard deductible applies before Standard pays.",
      "Standard Deductible Tips\nTrack the Standard deductible on the portal: the Standard deductible resets each January.",
    ];
    const plus = ["Health Plus Costs\nOn Health Plus the deductible is 1,500 dollars."];
    const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-sides-"));
    await activeIngestor().createCollection("plans");
    try {
      await ingestAndWait("plans", [
        writeTemp(tmp, "standard.pdf", await makePdf(standard)),
        writeTemp(tmp, "plus.pdf", await makePdf(plus)),
      ]);
      fake.script.push({ kind: "stream", chunks: ["Health Plus [plus.pdf#page=1]."] });
      const question = "Is the deductible lower on Standard or on Health Plus?";
      const body = await (await post(chat, ask(question, { context: { overrides: { collections: ["plans"], top: 2 } } }))).json();
      const search = body.context.thoughts.find((t: { title: string }) => t.title === "Generated search query");
      expect(search.props.note).toBe(
        `compared sides searched one by one: ${question.replace(" or on Health Plus", "")} / Is the deductible lower on Health Plus?`,
      );
      expect(new Set(body.context.data_points.citations)).toEqual(new Set(["standard.pdf#page=1", "plus.pdf#page=1"]));
    } finally {
      await activeIngestor().deleteCollection("plans");
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("retries a rate-limited call after the Retry-After it was given, before any answer text", async () => {
    fake.script.push(
      { kind: "status", status: 429, message: "slow down", headers: { "retry-after": "1" } },
      { kind: "stream", chunks: ["1,500 dollars [handbook.pdf#page=3]."] },
    );
    const before = fake.requests.length;
    const started = Date.now();
    const all = await lines(await post(chatStream, ask("What is the deductible?")));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests.length - before).toBe(2);
    expect(textOf(all)).toBe("1,500 dollars [handbook.pdf#page=3].");
  });

  it("honours a Retry-After given as an HTTP date, and a connection reset, then answers", async () => {
    const inASecond = new Date(Date.now() + 1000).toUTCString();
    fake.script.push(
      { kind: "status", status: 503, message: "overloaded", headers: { "retry-after": inASecond } },
      { kind: "reset" },
      { kind: "stream", chunks: ["Twenty days."] },
    );
    const before = fake.requests.length;
    const all = await lines(await post(chatStream, ask("How many vacation days?")));
    expect(fake.requests.length - before).toBe(3);
    expect(textOf(all)).toBe("Twenty days.");
    // The model read what the first line said: its last line does not send the data points again.
    expect((all.at(-1)!.context as Record<string, unknown>).data_points).toBeUndefined();
  });

  it("gives up after a bounded number of retries (CHAT_MAX_RETRIES, 2 by default)", async () => {
    fake.script.push(...failing(503, "overloaded", 3), { kind: "stream", chunks: ["never asked for"] });
    const before = fake.requests.length;
    const all = await lines(await post(chatStream, ask("What is the deductible?")));
    expect(fake.requests.length - before).toBe(3);
    expect(all.at(-1)).toEqual({ error: "The language model server failed (HTTP 503). Please try again." });
    fake.script.length = 0;
  });

  it("does not retry when the server asks for a longer wait than allowed, and says when to try again", async () => {
    fake.script.push({ kind: "status", status: 429, message: "slow down", headers: { "retry-after": "120" } });
    const before = fake.requests.length;
    const all = await lines(await post(chatStream, ask("What is the deductible?")));
    expect(fake.requests.length - before).toBe(1);
    expect(all[0]).toHaveProperty("context");
    expect(all.at(-1)).toEqual({ error: "The language model is rate-limited right now. Please try again in 2 minutes." });
  });

  it("says in plain words when the prompt overflows the model's context window", async () => {
    fake.script.push({
      kind: "status",
      status: 400,
      code: "context_length_exceeded",
      message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
    });
    const before = fake.requests.length;
    const res = await post(chat, ask("What is the deductible?"));
    expect(fake.requests.length - before).toBe(1);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^The question, its sources and the conversation so far are too long for the language model/);
  });

  it("fits the prompt to the context window (CHAT_CONTEXT_TOKENS): the oldest history is left out", async () => {
    process.env.CHAT_CONTEXT_TOKENS = "1024";
    resetConfig();
    try {
      fake.script.push({ kind: "json", content: "vacation days" }, { kind: "stream", chunks: ["Twenty days [handbook.pdf#page=1]."] });
      const long = (i: number) => `Turn ${i}: ${"a long remark about the office plants and the weather ".repeat(12)}`;
      const history = Array.from({ length: 8 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: long(i) }));
      const body = await (await post(chat, { messages: [...history, { role: "user", content: "How many vacation days?" }] })).json();
      const sent = (fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages;
      expect(sent.length).toBeLessThan(10);
      expect(sent.at(-2)!.content).toMatch(/^Turn 7:/); // the newest exchange stays
      expect(sent.some((m) => m.content.startsWith("Turn 0:"))).toBe(false);
      expect(sent.at(-1)!.content).toContain("handbook.pdf#page=1:\n");
      const props = body.context.thoughts.find((t: { title: string }) => t.title === "Prompt to generate answer").props;
      expect(props).toMatchObject({ context_tokens: 1024, history_messages_left_out: expect.any(Number) });
      expect(props.prompt_tokens).toBeLessThan(1024);
    } finally {
      delete process.env.CHAT_CONTEXT_TOKENS;
      resetConfig();
    }
  });

  it("gives up on a model that does not answer, within the configured time", async () => {
    fake.script.push({ kind: "hang" });
    const started = Date.now();
    const all = await lines(await post(chatStream, ask("What is the deductible?")));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(String((all.at(-1) as { error?: string }).error)).toMatch(/did not answer in time/);
  });

  it("answers a JSON request error as 502-class JSON {error}", async () => {
    fake.script.push(...failing(500, "boom", 3));
    const res = await post(chat, ask("What is the deductible?"));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: "The language model server failed (HTTP 500). Please try again." });
  });

  it("writes document summaries with the model when one is configured", async () => {
    fake.script.push({ kind: "json", content: "A short travel policy." });
    const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-summary-"));
    const { fileIds } = await ingestAndWait("hr", [
      writeTemp(tmp, "travel.md", "# Travel\n\nBook flights two weeks ahead. Hotels are reimbursed up to 200 dollars."),
    ]);
    const file = await activeIngestor().getFileStatus(fileIds[0], "hr");
    expect(file?.metadata.summary).toBe("A short travel policy.");
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain("Summarize this document (travel.md)");

    // Only the documents the sources come from are listed, each with its summary.
    fake.script.push({ kind: "stream", chunks: ["Up to 200 dollars [travel.md]."] });
    await (await post(chat, ask("How much are hotels reimbursed?", { context: { overrides: { top: 1 } } }))).json();
    const question = (fake.requests.at(-1)!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(question).toContain("Documents the sources come from:\n- travel.md: A short travel policy.\n");
    expect(question).not.toContain("handbook.pdf");
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
      const stored = await db().chatMessage.findMany({
        where: { chatId: { in: newChats.map((c) => c.id) } },
        orderBy: { position: "asc" },
      });
      const failures = logged.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
      const answer = stored.find((m) => m.role === "assistant");
      return {
        status: res.status,
        all,
        error: (all.at(-1) as { error?: string }).error,
        saved: stored.length,
        stored: answer ? { content: answer.content, context: JSON.parse(answer.context) as { answer_status?: string } } : null,
        failures,
      };
    } finally {
      spy.mockRestore();
    }
  }

  it("keeps an answer whose stream stalls after text, marked incomplete, after the idle timeout", async () => {
    fake.script.push({ kind: "stall", chunks: ["The deductible is "] });
    const started = Date.now();
    const turn = await faultyTurn();
    // Idle timeout 400 ms: well before the 1.5 s first-byte timeout could have fired.
    expect(Date.now() - started).toBeLessThan(1400);
    expect(turn.error).toBeUndefined();
    expect(textOf(turn.all)).toBe(
      "The deductible is \n\n(Incomplete answer: the language model's reply broke off before it finished. Ask again for a complete one.)",
    );
    // Saved as the user saw it, flagged.
    expect(turn.stored).toEqual({ content: textOf(turn.all), context: expect.objectContaining({ answer_status: "incomplete" }) });
  });

  it("marks an answer cut by the model's length limit as incomplete, drops its cut citation, saves it flagged", async () => {
    fake.script.push({ kind: "stream", chunks: ["The deductible is 1,500 dollars ", "[handbook.pdf#pa"], finishReason: "length" });
    const turn = await faultyTurn();
    const note =
      "(Incomplete answer: the language model reached its output limit before finishing. Ask a narrower question for a complete one.)";
    expect(textOf(turn.all)).toBe(`The deductible is 1,500 dollars \n\n${note}`);
    expect(turn.all.at(-1)).toMatchObject({ context: { answer_status: "incomplete" } });
    const answerThought = (turn.all.at(-1) as { context: { thoughts: { title: string; props?: object }[] } }).context.thoughts.find(
      (t) => t.title === "Answer",
    );
    expect(answerThought?.props).toMatchObject({ answer_status: "incomplete", incomplete_reason: "length" });
    expect(turn.stored).toEqual({
      content: `The deductible is 1,500 dollars \n\n${note}`,
      context: expect.objectContaining({ answer_status: "incomplete" }),
    });
  });

  it("marks a stream that ends without finish_reason or [DONE] as incomplete", async () => {
    fake.script.push({ kind: "stream", chunks: ["Employees receive twenty"], finishReason: null, end: "close" });
    const turn = await faultyTurn("json");
    expect(turn.status).toBe(200);
    const body = turn.all[0] as { message: { content: string }; context: { answer_status: string } };
    expect(body.message.content).toMatch(/^Employees receive twenty\n\n\(Incomplete answer: the language model's reply broke off/);
    expect(body.context.answer_status).toBe("incomplete");
    expect(turn.stored?.context.answer_status).toBe("incomplete");
    expect(turn.failures).toEqual([]);
  });

  it("keeps what streamed before the connection dropped, marked incomplete, and does not retry", async () => {
    fake.script.push(
      { kind: "stream", chunks: ["Employees receive ", "twenty days"], end: "drop" },
      { kind: "stream", chunks: ["never asked for"] },
    );
    const before = fake.requests.length;
    const turn = await faultyTurn();
    expect(fake.requests.length - before).toBe(1);
    expect(textOf(turn.all)).toMatch(/^Employees receive twenty days\n\n\(Incomplete answer: /);
    expect(turn.stored?.context.answer_status).toBe("incomplete");
    fake.script.length = 0;
  });

  it("treats a 200 JSON completion where a stream was asked for as an error, never an empty answer", async () => {
    fake.script.push({ kind: "json", content: "A whole answer, but not streamed." });
    const turn = await faultyTurn();
    expect(turn.all[0]).toHaveProperty("context");
    expect(turn.error).toBe("The language model server sent a reply that is not an answer stream.");
    expect(turn.saved).toBe(0);
    expect(turn.failures).toEqual([
      expect.objectContaining({ event: "model_failure", status: 200, message: "200 reply with content-type 'application/json'" }),
    ]);
  });

  it("treats a 200 HTML page (a proxy's login page) as an error on the JSON endpoint too", async () => {
    fake.script.push({ kind: "raw", contentType: "text/html; charset=utf-8", body: "<html><body>Please sign in</body></html>" });
    const turn = await faultyTurn("json");
    expect(turn.status).toBe(502);
    expect(turn.error).toBe("The language model server sent a reply that is not an answer stream.");
    expect(turn.saved).toBe(0);
  });

  it("treats a stream that ends with no content and no finish_reason as an error", async () => {
    fake.script.push({ kind: "stream", chunks: [], finishReason: null });
    const turn = await faultyTurn();
    expect(turn.error).toBe("The language model's reply ended without an answer. Please try again.");
    expect(turn.saved).toBe(0);
    expect(String(turn.failures[0]?.message)).toMatch(/no content and no finish_reason/);
  });

  it("logs an HTTP failure of the model server as one JSON line with its status", async () => {
    fake.script.push(...failing(503, "overloaded", 3));
    const turn = await faultyTurn();
    expect(turn.error).toBe("The language model server failed (HTTP 503). Please try again.");
    expect(turn.failures).toEqual([
      {
        time: expect.any(String),
        level: "error",
        event: "model_failure",
        step: "answer",
        status: 503,
        message: "503 overloaded",
        shown: turn.error,
      },
    ]);
  });
});
