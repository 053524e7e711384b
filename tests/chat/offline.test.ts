import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeIngestor } from "@/lib/knowledge";
import { startWorker, stopWorker } from "@/lib/knowledge";
import { POST as chat } from "@/app/api/chat/route";
import { POST as chatStream } from "@/app/api/chat/stream/route";
import { GET as history } from "@/app/api/history/route";
import { GET as content } from "@/app/content/[...path]/route";
import { freshDataDir } from "../helpers/env";
import { ingestAndWait, LEAVE_PAGE, withSeveralPassagePage } from "../helpers/jobs";
import { HANDBOOK_PAGES, makePdf, TRAVEL_TEXT, writeTemp } from "../helpers/files";

/** The chat endpoints in process, offline (extractive answers), against real ingested files. */

const post = (handler: (r: Request) => Promise<Response>, body: unknown) =>
  handler(
    new Request("http://local/api/chat", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );

async function lines(response: Response): Promise<Record<string, unknown>[]> {
  const text = await response.text();
  expect(text.endsWith("\n")).toBe(true);
  return text
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l));
}

beforeAll(async () => {
  await freshDataDir();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-chat-"));
  startWorker();
  await activeIngestor().createCollection("hr");
  await ingestAndWait("hr", [writeTemp(tmp, "handbook.pdf", await makePdf(HANDBOOK_PAGES)), writeTemp(tmp, "travel.md", TRAVEL_TEXT)]);
});
afterAll(() => stopWorker());

describe("chat (offline)", () => {
  it("answers with citations that all match data points", async () => {
    const res = await post(chat, { messages: [{ role: "user", content: "What is the deductible for in-network care?" }] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message.role).toBe("assistant");
    expect(body.message.content).toContain("1,500");
    expect(body.message.content).toContain("[handbook.pdf#page=3]");
    const brackets = [...body.message.content.matchAll(/\[([^\]]+)\]/g)].map((m: RegExpMatchArray) => m[1]);
    for (const id of brackets) expect(body.context.data_points.citations).toContain(id);
    expect(body.context.data_points.text[0]).toMatch(/^[^:]+: /);
    expect(body.session_state).toBe(body.sessionState);
    const titles = body.context.thoughts.map((t: { title: string }) => t.title);
    expect(titles).toEqual(expect.arrayContaining(["Original user query", "Generated search query", "Search results"]));
    expect(titles.some((t: string) => /Extractive/.test(t))).toBe(true);
    expect(body.context.answer_mode).toBe("extractive");
  });

  it("says when nothing was searched: none of the chosen collections exists", async () => {
    const body = await (
      await post(chat, {
        messages: [{ role: "user", content: "What is the deductible?" }],
        context: { overrides: { collections: ["gone"] } },
      })
    ).json();
    expect(body.message.content).toBe("None of the chosen collections exists any more: choose others under “Search in”, then ask again.");
    expect(body.context.data_points.citations).toEqual([]);
  });

  it("answers each part of a compound question, with citations from each", async () => {
    const question = "How many vacation days do employees get, and what is the hotel limit per night?";
    const body = await (await post(chat, { messages: [{ role: "user", content: question }] })).json();
    const [vacation, hotel] = body.message.content.split("\n\n");
    expect(vacation).toMatch(/twenty days.*\[handbook\.pdf#page=1\]/);
    expect(hotel).toMatch(/200 dollars per night.*\[travel\.md\]/);
    const search = body.context.thoughts.find((t: { title: string }) => t.title === "Generated search queries");
    expect(search.description).toEqual(["How many vacation days do employees get", "what is the hotel limit per night?"]);
    const few = await (await post(chat, { messages: [{ role: "user", content: question }], context: { overrides: { top: 3 } } })).json();
    expect(few.context.data_points.text.length).toBeLessThanOrEqual(3);
  });

  it("finds the passage despite typos in the question", async () => {
    const body = await (await post(chat, { messages: [{ role: "user", content: "How big is the stipned?" }] })).json();
    expect(body.context.spelling_corrections).toEqual({ stipned: "stipend" });
    expect(body.message.content).toMatch(/^A stipend of 500 dollars covers home office equipment\. \[handbook\.pdf#page=2\]/);
  });

  it("says when the documents never mention what is asked, and still cites the closest passage", async () => {
    const body = await (await post(chat, { messages: [{ role: "user", content: "Can I bring my dog to the office?" }] })).json();
    expect(body.message.content).toMatch(
      /^The selected documents never mention “bring” or “dog”; these passages come closest\.\n\n.+\[[^\]]+\]/s,
    );
  });

  it("answers a question in German from English documents, word by word through the glossary", async () => {
    const ask = async (content: string) => (await (await post(chat, { messages: [{ role: "user", content }] })).json()).message.content;
    const body = await (await post(chat, { messages: [{ role: "user", content: "Wie viele Urlaubstage bekomme ich pro Jahr?" }] })).json();
    const step = body.context.thoughts.find((t: { title: string }) => /Extractive/.test(t.title));
    expect(step.props.read_in_english).toMatch(/^how many vacation day\b/);
    const vacation = body.message.content;
    expect(vacation).toMatch(/^Employees receive twenty days of paid vacation each year\. \[handbook\.pdf#page=1\]/);
    expect(await ask("Wie hoch ist die Selbstbeteiligung im Netzwerk?")).toContain("1,500 dollars");
    // A word none of whose first senses the documents use is said to be missing, in German.
    expect(await ask("Darf ich meinen Hund mit ins Büro bringen?")).toMatch(
      /^Die ausgewählten Dokumente erwähnen „hund“ oder „bringen“ nicht/,
    );
  });

  it("streams NDJSON: context first, then content, then follow-ups", async () => {
    const res = await post(chatStream, {
      messages: [{ role: "user", content: "How many vacation days do employees get?" }],
      context: { overrides: { suggest_followup_questions: true, top: 3, retrieval_mode: "text" } },
    });
    expect(res.headers.get("content-type")).toBe("application/json-lines");
    const all = await lines(res);
    expect(all[0]).toMatchObject({ delta: { role: "assistant" } });
    expect((all[0].context as { data_points: { citations: string[] } }).data_points.citations.length).toBeGreaterThan(0);
    const deltas = all.map((l) => (l.delta as { content?: string } | undefined)?.content).filter((c) => c !== undefined);
    expect(deltas.length).toBeGreaterThan(1); // streamed in pieces, like a model's answer
    const text = deltas.join("");
    expect(text).toMatch(/twenty days/);
    const last = all.at(-1) as { context: { followup_questions: string[] } };
    expect(Array.isArray(last.context.followup_questions)).toBe(true);
    const search = (all[0].context as { thoughts: { title: string; props?: Record<string, unknown> }[] }).thoughts.find(
      (t) => t.title === "Generated search query",
    );
    expect(search?.props).toMatchObject({ retrieval_mode: "text", top: 3, collections: ["hr"] });
  });

  it("ends with the pages it read as its data points: a quoted sentence the search did not find is among them", async () => {
    await withSeveralPassagePage(LEAVE_PAGE, async () => {
      const res = await post(chatStream, {
        messages: [{ role: "user", content: "How many weeks of parental leave do I get at full pay?" }],
        context: { overrides: { collections: ["leave"], top: 1 } },
      });
      const all = await lines(res);
      const text = all.map((l) => (l.delta as { content?: string } | undefined)?.content ?? "").join("");
      expect(text).toContain("sixteen weeks");
      // The first line says what the search found (one passage of the page); the last, the page the answer read.
      const pageSentences = [
        "Parental leave is open to every employee",
        "Requests go to the people team",
        "The benefit lasts sixteen weeks",
      ];
      const first = (all[0].context as { data_points: { text: string[] } }).data_points.text.join(" ");
      expect(pageSentences.every((sentence) => first.includes(sentence))).toBe(false);
      // A client taking any line with data points for the first one gets the whole context again.
      expect(all.at(-1)).toMatchObject({ delta: { role: "assistant" }, context: { answer_mode: "extractive" } });
      const last = (all.at(-1)!.context as { data_points: { text: string[]; citations: string[] } }).data_points;
      for (const sentence of pageSentences) expect(last.text.join(" ")).toContain(sentence);
      expect(last.citations).toEqual(["leave.pdf#page=1"]);
    });
  });

  it("keeps the session: a follow-up borrows the subject and lands in the same chat", async () => {
    const first = await (
      await post(chat, { messages: [{ role: "user", content: "What is the hotel reimbursement limit for travel?" }] })
    ).json();
    const chatId = first.sessionState;
    const second = await (
      await post(chat, {
        messages: [
          { role: "user", content: "What is the hotel reimbursement limit for travel?" },
          { role: "assistant", content: first.message.content },
          { role: "user", content: "and for flights?" },
        ],
        session_state: chatId,
      })
    ).json();
    expect(second.sessionState).toBe(chatId);
    const query = second.context.thoughts.find((t: { title: string }) => t.title === "Generated search query").description;
    expect(query).toMatch(/flights/);
    expect(query).toMatch(/travel|hotel/);
    const chats = await (await history(new Request("http://local/api/history"))).json();
    expect(chats.find((c: { id: string }) => c.id === chatId)?.title).toMatch(/hotel reimbursement/);
  });

  it("answers a topic change in the same chat on its own topic", async () => {
    const first = "What is the hotel limit per night?";
    const firstAnswer = (await (await post(chat, { messages: [{ role: "user", content: first }] })).json()).message.content;
    expect(firstAnswer).toMatch(/200 dollars per night/);
    const body = await (
      await post(chat, {
        messages: [
          { role: "user", content: first },
          { role: "assistant", content: firstAnswer },
          { role: "user", content: "Who do I call for IT help?" },
        ],
      })
    ).json();
    const search = body.context.thoughts.find((t: { title: string }) => t.title === "Generated search query");
    expect(search.description).toBe("Who do I call for IT help?");
    expect(search.props.note).toMatch(/searched the question alone/);
    expect(body.message.content).not.toMatch(/hotel|200 dollars/i);
  });

  it.each([
    [{}, /messages/],
    [{ messages: [] }, /at least one message/],
    [{ messages: [{ role: "robot", content: "hi" }] }, /role/],
    [{ messages: [{ role: "user", content: 42 }] }, /content must be a string/],
    [{ messages: Array.from({ length: 101 }, () => ({ role: "user", content: "x" })) }, /at most 100/],
  ])("rejects an invalid request %# with 400 and a message", async (body, message) => {
    for (const handler of [chat, chatStream]) {
      const res = await post(handler, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
  });

  it("rejects an oversized body with 400", async () => {
    const res = await post(chat, { messages: [{ role: "user", content: "x".repeat(19_000) }], padding: "y".repeat(600_000) });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/too large/);
  });
});

describe("example questions and follow-ups", () => {
  it("suggests questions about sections, never about a document's own title", async () => {
    const { GET } = await import("@/app/api/suggestions/route");
    const { questions } = await (await GET(new Request("http://local/api/suggestions?collections=hr"))).json();
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions as string[]) {
      expect(q).toMatch(/^(What|How|Which|Is|Does) .+\?$/);
      expect(q).not.toMatch(/say about|about (handbook|travel)\?/);
    }
    expect(questions).toContain("What is the vacation policy?");
  });
});

describe("citations as the reference frontend opens them (/content/<citation>)", () => {
  const open = (citation: string) =>
    content(new Request(`http://local/content/${citation}`), { params: Promise.resolve({ path: citation.split("#")[0].split("/") }) });

  it("serves a cited file by its name", async () => {
    const res = await open("handbook.pdf#page=3");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await open("nothing.pdf")).status).toBe(404);
  });

  it("names the collection in the citation when several collections hold a file of that name", async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-chat-"));
    await activeIngestor().createCollection("archive");
    await ingestAndWait("archive", [
      writeTemp(tmp, "handbook.pdf", await makePdf(["Archived policy. The annual deductible used to be 900 dollars."])),
    ]);
    const body = await (await post(chat, { messages: [{ role: "user", content: "What is the annual deductible?" }] })).json();
    const citations: string[] = body.context.data_points.citations;
    expect(citations).toEqual(expect.arrayContaining(["hr/handbook.pdf#page=3", "archive/handbook.pdf#page=1"]));
    expect(citations.some((c) => c.startsWith("handbook.pdf"))).toBe(false);
    for (const [, id] of body.message.content.matchAll(/\[([^\]]+)\]/g)) expect(citations).toContain(id);
    // Searched alone, a collection's citations need no prefix: no other searched collection shares the name.
    const hrOnly = await (
      await post(chat, {
        messages: [{ role: "user", content: "What is the annual deductible?" }],
        context: { overrides: { collections: ["hr"] } },
      })
    ).json();
    expect(hrOnly.context.data_points.citations).toContain("handbook.pdf#page=3");
    expect(hrOnly.context.data_points.citations.some((c: string) => c.includes("/"))).toBe(false);
    expect((await open("archive/handbook.pdf#page=1")).status).toBe(200);
    const ambiguous = await open("handbook.pdf#page=1");
    expect(ambiguous.status).toBe(409);
    expect((await ambiguous.json()).detail).toMatch(/several collections/);
    await activeIngestor().deleteCollection("archive");
  });
});
