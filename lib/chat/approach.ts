import { config } from "@/lib/config";
import { citationId, toDataPoints } from "./citations";
import { extractiveAnswer, offlineAnswer } from "./extractive";
import { offlineFollowups } from "./followups";
import { readAsked } from "./question-reading";
import { applyStoredModelSettings } from "@/lib/models/settings";
import { appendTurn, ensureChat } from "./history";
import { modelAnswer, modelSearchQuery, tokenUsage } from "./model-answer";
import { listCollectionRows } from "@/lib/knowledge/repo";
import { permittedCollections } from "@/lib/security/collection-access";
import type { Principal } from "@/lib/security/principal";
import type { Chunk } from "@/lib/knowledge/schemas";
import { listLeadIns, recordContinuations, withWholePages } from "@/lib/knowledge/search";
import { recordsNamed } from "./record-names";
import { retrieveForChat, retrieveForConversation } from "./retrieve";
import type { ChatContext, ChatRequest, Thought } from "./schemas";
import { askedAgain, plainQuestion } from "@/lib/text/query";
import { searchPlan, sidesNote } from "@/lib/knowledge/conversation";
import { applyCorrections } from "@/lib/text/typos";
import { streamPieces } from "./stream-filter";

/** The offline answer when nothing was searched: no collection yet, or none of the chosen ones exists. */
async function nothingSearched(principal: Principal): Promise<string> {
  return (
    await permittedCollections(
      principal,
      (await listCollectionRows()).map((r) => r.name),
    )
  ).length
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

const since = (start: number) => Math.round(performance.now() - start);

/** Who asks: whose history the turn joins, what they may read, and whether admin-only sources are theirs. */
export interface Caller {
  owner: string;
  principal: Principal;
}

export async function* runChat(request: ChatRequest, caller: Caller, signal?: AbortSignal): AsyncGenerator<ChatEvent> {
  const { messages, overrides } = request;
  await applyStoredModelSettings(); // a model switched on in Settings → Model answers from now on
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
  const plan = {
    top,
    mode,
    collections: overrides.collections,
    sources: overrides.sources,
    offline: !model,
    principal: caller.principal,
    signal,
  };
  const firstQuestion = messages.find((m) => m.role === "user")?.content ?? question;
  const search = async () => {
    let started = performance.now();
    if (!model) return { ...(await retrieveForConversation(messages, plan)), rewriteMs: 0, searchMs: since(started) };
    const rewrite = await modelSearchQuery(model, messages, signal);
    const rewriteMs = since(started);
    const query = rewrite.query || question;
    // Searched as the offline path searches a question: a comparison's sides one by one.
    const { searched, answered, sides } = searchPlan(query);
    started = performance.now();
    const retrieval = await retrieveForChat({ ...plan, queries: searched });
    const note = [rewrite.note, sides && sidesNote(sides)].filter(Boolean).join("; ");
    return { query, queries: answered, retrieval, note, usage: rewrite.usage, rewriteMs, searchMs: since(started) };
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

  // 3–4. Answer.
  if (!model) {
    const dataPoints = toDataPoints(retrieval.chunks);
    // The context goes out before the answer is built: the client shows the sources at once.
    const step: Thought = {
      title: "Extractive answer (no language model configured)",
      description:
        "Offline mode: the answer is made of the retrieved passages' sentences that best match the question, each followed by its citation. Set OPENAI_API_KEY or OPENAI_BASE_URL to have a language model write answers.",
      props: { method: "extractive", sentences_considered: dataPoints.text.length },
    };
    const context: ChatContext = { data_points: dataPoints, thoughts: [...thoughts, step], answer_mode: "extractive", ...spelling };
    yield { type: "context", chatId, context };
    const started = performance.now();
    const corrected = (text: string) => applyCorrections(text, retrieval.corrections);
    // "Unrelated: …" says how the question is put; its words are no part of what is asked.
    const ownWords = plainQuestion(question);
    // "and for dental?", searched with the earlier question's subject, asks what that question asked.
    const again = query !== question ? (askedAgain(messages) ?? undefined) : undefined;
    // Read after the context went out: at 1M chunks the read costs more than the search.
    const paged = await readWithPages(retrieval.chunks, query);
    const parts =
      queries.length > 1
        ? queries.map((part, i) => ({ question: corrected(part), chunks: paged(retrieval.perQuery[i]) }))
        : [{ question: corrected(`${ownWords} ${query}`), asked: corrected(ownWords), chunks: paged(retrieval.chunks), askedAgain: again }];
    const searchedNothing = retrieval.collections.length === 0 && !overrides.sources?.length;
    const asked = await readAsked(parts, retrieval.chunks);
    // How a question in another language was read, for the thought process to show.
    if (asked.glossed.size) step.props = { ...step.props, read_in_english: asked.parts.map((p) => p.question).join(" / ") };
    const extracted = extractiveAnswer(asked.parts);
    const answer = searchedNothing
      ? await nothingSearched(caller.principal)
      : offlineAnswer(
          ownWords,
          retrieval.unknownWords,
          extracted,
          retrieval.chunks.map((c) => c.content),
          asked.glossed,
        );
    step.elapsed_ms = since(started);
    for (const piece of streamPieces(answer)) yield { type: "delta", content: piece };
    // No follow-up from an answer that found nothing: its passages are about something else.
    const answered = extracted.answered && answer === extracted.answer;
    const findPages = async (q: string) => (await retrieveForChat({ ...plan, queries: [q], top: 5 })).chunks.map(citationId);
    const turn = { question, answer, cited: extracted.citations, chunks: paged(retrieval.chunks) };
    const followups = followupsWanted ? (answered ? await offlineFollowups(turn, findPages) : []) : undefined;
    // The first line went out with the passages found; the answer quotes sentences from the rest of
    // their pages, so the data points it ends with are what it read, as the model's are.
    const pagesRead = toDataPoints(onePerPage(paged(retrieval.chunks)));
    yield* finish(chatId, question, answer, {
      ...context,
      data_points: pagesRead,
      ...(followups ? { followup_questions: followups } : {}),
    });
    return;
  }

  // The model reads what the offline answer reads: each passage with the rest of its page, once.
  const paged = await readWithPages(retrieval.chunks, query);
  const pageDataPoints = toDataPoints(onePerPage(paged(retrieval.chunks)));
  const context: ChatContext = { data_points: pageDataPoints, thoughts, answer_mode: "model", ...spelling };
  const turn = { model, question, query, history, overrides, dataPoints: pageDataPoints, context, chatId, signal };
  const result = yield* modelAnswer(turn);
  yield* finish(chatId, question, result.answer, result.context);
}

/**
 * The answer's reading of the passages found: each with its page's other passages near it (a
 * sentence the search did not rank is often the answer); after them (they rank below the
 * passages found), a named record's rest on the next page, and the foot of the page before a
 * page that opens inside a list, where the list is led in.
 */
async function readWithPages(found: Chunk[], query: string): Promise<(chunks: Chunk[]) => Chunk[]> {
  const [whole, continued, leadIns] = await Promise.all([
    withWholePages(found),
    recordContinuations(found, recordsNamed(query, found)),
    listLeadIns(found),
  ]);
  const pages = new Map(whole.map((c) => [c.chunk_id, c]));
  return (chunks) => [...chunks.map((c) => pages.get(c.chunk_id) ?? c), ...continued, ...leadIns];
}

/** Two passages found on one page read as the same page text: it is sent once, at the better one's rank. */
function onePerPage(chunks: Chunk[]): Chunk[] {
  const seen = new Set<string>();
  return chunks.filter((c) => {
    const key = `${citationId(c)}\n${c.content}`;
    return !seen.has(key) && seen.add(key);
  });
}

async function* finish(chatId: string, question: string, answer: string, context: ChatContext): AsyncGenerator<ChatEvent> {
  await appendTurn(chatId, question, answer, context);
  yield { type: "done", chatId, answer, context };
}
