import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { citedIds, toDataPoints } from "./citations";
import { extractiveAnswer, offlineAnswer } from "./extractive";
import { offlineFollowups } from "./followups";
import { appendTurn, ensureChat } from "./history";
import { modelError, openaiClient } from "@/lib/models/chat";
import { modelStream } from "@/lib/models/stream";
import { buildMessages, QUERY_REWRITE_PROMPT, systemPrompt, type DocumentSummary } from "./prompt";
import { listCollectionRows } from "@/lib/knowledge/repo";
import { retrieveForChat, retrieveForConversation } from "./retrieve";
import type { CompletionUsage } from "openai/resources/completions";
import type { ChatContext, ChatRequest, PromptMessage, Thought, TokenUsage } from "./schemas";
import { offlineSearchQuery, questionParts } from "@/lib/text/query";
import { applyCorrections } from "@/lib/text/typos";
import { AnswerStreamFilter, streamPieces } from "./stream-filter";

/** The offline answer when nothing was searched: no collection yet, or none of the chosen ones exists. */
async function nothingSearched(): Promise<string> {
  return (await listCollectionRows()).length
    ? "None of the chosen collections exists any more: choose others under “Search in”, then ask again."
    : "There are no documents to search yet: add some under Collections, then ask again.";
}

/**
 * Retrieve-then-answer, step by step, as the reference app's approaches do: each step adds a
 * thought (with its elapsed time). Yields the context first, then answer text, then the end.
 */
export type ChatEvent =
  | { type: "context"; chatId: string; context: ChatContext }
  | { type: "delta"; content: string }
  | { type: "done"; chatId: string; answer: string; context: ChatContext };

const DEFAULT_TOP = 10;
const DEFAULT_TEMPERATURE = 0.3;

const since = (start: number) => Math.round(performance.now() - start);

/** Who asks: whose history the turn joins, and whether admin-only sources are theirs to use. */
export interface Caller {
  owner: string;
  admin: boolean;
}

export async function* runChat(request: ChatRequest, caller: Caller, signal?: AbortSignal): AsyncGenerator<ChatEvent> {
  const { messages, overrides } = request;
  const model = config().chatModel;
  const question = messages.at(-1)!.content.trim();
  const history = messages.slice(0, -1);
  const top = overrides.top ?? DEFAULT_TOP;
  const mode = overrides.retrieval_mode ?? "hybrid";
  const followupsWanted = overrides.suggest_followup_questions ?? false;
  const thoughts: Thought[] = [{ title: "Original user query", description: question }];

  // 1–2. Search query and retrieval (and open the chat record meanwhile). Each part of a
  // compound question is searched on its own, so one part's rarer words do not crowd the other's
  // passages out (a model's rewrite is usually one query, left whole).
  const plan = { top, mode, collections: overrides.collections, sources: overrides.sources, offline: !model, admin: caller.admin, signal };
  const firstQuestion = messages.find((m) => m.role === "user")?.content ?? question;
  const search = async () => {
    let started = performance.now();
    if (!model) return { ...(await retrieveForConversation(messages, plan)), rewriteMs: 0, searchMs: since(started) };
    const rewrite = await modelSearchQuery(model, messages, signal);
    const rewriteMs = since(started);
    const query = rewrite.query || question;
    const queries = questionParts(query);
    started = performance.now();
    const retrieval = await retrieveForChat({ ...plan, queries });
    return { query, queries, retrieval, note: rewrite.note, usage: rewrite.usage, rewriteMs, searchMs: since(started) };
  };
  const [searched, chatId] = await Promise.all([search(), ensureChat(caller.owner, request.chatId, firstQuestion)]);
  const { query, queries, retrieval } = searched;
  const rewriteUsage = "usage" in searched ? searched.usage : undefined;
  const spelling = Object.keys(retrieval.corrections).length ? { spelling_corrections: retrieval.corrections } : {};
  thoughts.push({
    title: queries.length > 1 ? "Generated search queries" : "Generated search query",
    description: queries.length > 1 ? queries : query,
    props: {
      method: model ? "model rewrite" : "rule-based rewrite",
      retrieval_mode: mode,
      top,
      collections: retrieval.collections,
      ...(overrides.sources?.length ? { sources: overrides.sources } : {}),
      ...(searched.note ? { note: searched.note } : {}),
      ...(spelling.spelling_corrections ? { spelling: spelling.spelling_corrections } : {}),
      ...(rewriteUsage ? { token_usage: tokenUsage(rewriteUsage) } : {}),
    },
    elapsed_ms: searched.rewriteMs,
  });
  thoughts.push({ title: "Search results", description: retrieval.chunks, elapsed_ms: searched.searchMs }, ...retrieval.notes);
  const dataPoints = toDataPoints(retrieval.chunks);

  // 3–4. Answer.
  let started = performance.now();
  if (!model) {
    const corrected = (text: string) => applyCorrections(text, retrieval.corrections);
    const parts =
      queries.length > 1
        ? queries.map((part, i) => ({ question: corrected(part), chunks: retrieval.perQuery[i] }))
        : [{ question: corrected(`${question} ${query}`), chunks: retrieval.chunks }];
    const searchedNothing = retrieval.collections.length === 0 && !overrides.sources?.length;
    const answer = searchedNothing ? await nothingSearched() : offlineAnswer(question, retrieval.unknownWords, extractiveAnswer(parts));
    thoughts.push({
      title: "Extractive answer (no language model configured)",
      description:
        "Offline mode: the answer is made of the retrieved passages' sentences that best match the question, each followed by its citation. Set OPENAI_API_KEY or OPENAI_BASE_URL to have a language model write answers.",
      props: { method: "extractive", sentences_considered: dataPoints.text.length },
      elapsed_ms: since(started),
    });
    const context: ChatContext = { data_points: dataPoints, thoughts, answer_mode: "extractive", ...spelling };
    yield { type: "context", chatId, context };
    for (const piece of streamPieces(answer)) yield { type: "delta", content: piece };
    const followups = followupsWanted ? offlineFollowups(question, retrieval.chunks) : undefined;
    yield* finish(chatId, question, answer, { ...context, ...(followups ? { followup_questions: followups } : {}) });
    return;
  }

  const documents = await documentSummaries(retrieval.collections);
  const prompt = buildMessages(systemPrompt(documents, followupsWanted), history, question, dataPoints);
  thoughts.push({
    title: "Prompt to generate answer",
    description: prompt.map((m): PromptMessage => ({ role: m.role, content: typeof m.content === "string" ? m.content : JSON.stringify(m.content) })),
    props: { model, temperature: overrides.temperature ?? DEFAULT_TEMPERATURE, ...(overrides.seed !== undefined ? { seed: overrides.seed } : {}) },
    elapsed_ms: since(started),
  });
  const context: ChatContext = { data_points: dataPoints, thoughts, answer_mode: "model", ...spelling };
  yield { type: "context", chatId, context };

  started = performance.now();
  const filter = new AnswerStreamFilter(dataPoints.citations);
  let answer = "";
  let usage: CompletionUsage | undefined;
  try {
    // Stalls, non-stream replies and empty streams come out of modelStream as errors.
    const stream = modelStream(
      {
        model,
        messages: prompt,
        temperature: overrides.temperature ?? DEFAULT_TEMPERATURE,
        ...(overrides.seed !== undefined ? { seed: overrides.seed } : {}),
        stream_options: { include_usage: true },
      },
      signal,
    );
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      const text = filter.push(chunk.choices[0]?.delta?.content ?? "");
      if (text) {
        answer += text;
        yield { type: "delta", content: text };
      }
    }
  } catch (error) {
    throw modelError(error);
  }
  const rest = filter.flush();
  if (rest) {
    answer += rest;
    yield { type: "delta", content: rest };
  }
  thoughts.push({
    title: "Answer",
    description: `Generated by ${model}; cited ${citedIds(answer, dataPoints.citations).length} source(s).`,
    props: { model, ...(usage ? { token_usage: tokenUsage(usage) } : {}) },
    elapsed_ms: since(started),
  });
  const followups = followupsWanted ? filter.followups.slice(0, 3) : undefined;
  yield* finish(chatId, question, answer.trim(), { ...context, thoughts, ...(followups ? { followup_questions: followups } : {}) });
}

function tokenUsage(usage: CompletionUsage): TokenUsage {
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    reasoning_tokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
    total_tokens: usage.total_tokens,
  };
}

async function* finish(chatId: string, question: string, answer: string, context: ChatContext): AsyncGenerator<ChatEvent> {
  await appendTurn(chatId, question, answer, context);
  yield { type: "done", chatId, answer, context };
}

async function documentSummaries(collections: string[]): Promise<DocumentSummary[]> {
  if (collections.length === 0) return [];
  const docs = await db().document.findMany({
    where: { collectionName: { in: collections }, status: "success" },
    select: { fileName: true, summary: true },
    orderBy: { uploadedAt: "asc" },
    take: 100,
  });
  return docs.map((d) => ({ fileName: d.fileName, summary: d.summary }));
}

/** LLM rewrite of the latest question in the light of the history; falls back to the rule-based one. */
async function modelSearchQuery(model: string, messages: ChatRequest["messages"], signal?: AbortSignal) {
  if (messages.filter((m) => m.role === "user").length < 2) return { query: messages.at(-1)!.content.trim() };
  try {
    const history = messages
      .slice(-7, -1)
      .map((m) => `${m.role}: ${m.content.slice(0, 1000)}`)
      .join("\n");
    const completion = await openaiClient().chat.completions.create(
      {
        model,
        temperature: 0,
        max_tokens: 100,
        messages: [
          { role: "system", content: QUERY_REWRITE_PROMPT },
          { role: "user", content: `History:\n${history}\n\nNew question: ${messages.at(-1)!.content}` },
        ],
      },
      { signal, timeout: Math.min(config().chatTimeoutMs, 10_000) },
    );
    const query = completion.choices[0]?.message?.content?.trim().replace(/^"|"$/g, "") ?? "";
    return { query: query || offlineSearchQuery(messages), usage: completion.usage ?? undefined };
  } catch (error) {
    return { query: offlineSearchQuery(messages), note: `model rewrite failed (${modelError(error, "rewrite").message}); used the rule-based rewrite` };
  }
}
