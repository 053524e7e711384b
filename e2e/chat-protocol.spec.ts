import { expect, test } from "@playwright/test";
import { AIChatProtocolClient, type AIChatCompletionDelta } from "@microsoft/ai-chat-protocol";
import { HANDBOOK_PAGES, makePdf } from "../tests/helpers/files";

/** Conformance with the official @microsoft/ai-chat-protocol client against the running app. */

test.describe.configure({ mode: "serial" });
const COLLECTION = "protocol_docs";
let client: AIChatProtocolClient;

test.beforeAll(async ({ request }) => {
  const baseURL = test.info().project.use.baseURL!;
  client = new AIChatProtocolClient(`${baseURL}/api/chat`, { retryOptions: { maxRetries: 0 } });
  await request.post("/v1/collections", { data: { name: COLLECTION } });
  const upload = await request.post(`/v1/collections/${COLLECTION}/documents`, {
    multipart: { files: { name: "handbook.pdf", mimeType: "application/pdf", buffer: Buffer.from(await makePdf(HANDBOOK_PAGES)) } },
  });
  const { job_id } = await upload.json();
  await expect
    .poll(async () => (await (await request.get(`/v1/documents/${job_id}/status`)).json()).status, { timeout: 30_000 })
    .toBe("completed");
});

const overrides = { collections: [COLLECTION], suggest_followup_questions: true };

test("getCompletion answers with citations matching data points", async () => {
  const result = await client.getCompletion([{ role: "user", content: "How many days of paid vacation do employees get?" }], {
    context: { overrides },
  });
  expect(result.message.role).toBe("assistant");
  expect(result.message.content).toMatch(/twenty days/);
  const context = result.context as { data_points: { citations: string[]; text: string[] }; followup_questions: string[] };
  const cited = [...result.message.content.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
  expect(cited.length).toBeGreaterThan(0);
  for (const id of cited) expect(context.data_points.citations).toContain(id);
  expect(Array.isArray(context.followup_questions)).toBe(true);
  expect(typeof result.sessionState).toBe("string");
});

test("getStreamedCompletion streams context, content and follow-ups; session state round-trips", async () => {
  const first = await client.getCompletion([{ role: "user", content: "What is the remote work stipend?" }], { context: { overrides } });
  const chatId = first.sessionState as string;
  const stream = await client.getStreamedCompletion(
    [
      { role: "user", content: "What is the remote work stipend?" },
      { role: "assistant", content: first.message.content },
      { role: "user", content: "and how many days per week?" },
    ],
    { context: { overrides }, sessionState: chatId },
  );
  const deltas: AIChatCompletionDelta[] = [];
  for await (const delta of stream) deltas.push(delta);
  expect(deltas[0].delta.role).toBe("assistant");
  expect(deltas[0].sessionState).toBe(chatId);
  expect((deltas[0].context as { data_points: { citations: string[] } }).data_points.citations.length).toBeGreaterThan(0);
  const text = deltas.map((d) => d.delta.content ?? "").join("");
  expect(text).toMatch(/three days/);
  expect((deltas.at(-1)!.context as { followup_questions?: string[] }).followup_questions).toBeDefined();
});

/** The client throws whatever is under the body's `error` key (here: our message string). */
const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => "did not throw",
    (error: unknown) => String(error),
  );

test("errors reach the client as thrown errors with the server's message", async () => {
  expect(await thrown(client.getCompletion([{ role: "user", content: "" }]))).toMatch(/must not be empty/);
  expect(await thrown(client.getStreamedCompletion([{ role: "robot" as "user", content: "hi" }]))).toMatch(/role/);
});

test("history lists, opens, renames and deletes the chat", async ({ request }) => {
  const done = await client.getCompletion([{ role: "user", content: "What is the annual deductible?" }], { context: { overrides } });
  const id = done.sessionState as string;
  const list = (await (await request.get("/api/history")).json()) as { id: string; title: string }[];
  expect(list.find((c) => c.id === id)?.title).toBe("What is the annual deductible?");
  const chat = await (await request.get(`/api/history/${id}`)).json();
  expect(chat.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
  expect(chat.messages[1].context.data_points.citations.length).toBeGreaterThan(0);
  expect((await request.patch(`/api/history/${id}`, { data: { title: "Deductibles" } })).status()).toBe(200);
  expect((await (await request.get(`/api/history/${id}`)).json()).title).toBe("Deductibles");
  expect((await request.delete(`/api/history/${id}`)).status()).toBe(200);
  expect((await request.get(`/api/history/${id}`)).status()).toBe(404);
});
