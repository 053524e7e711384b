import { permittedCollections } from "@/lib/security/collection-access";
import type { Principal } from "@/lib/security/principal";
import { questionParts } from "@/lib/text/query";
import { HEADING_PATH_SEPARATOR } from "@/lib/ingest/chunk";
import { isListItem } from "@/lib/ingest/headings";
import { sentencesOf } from "@/lib/text/sentences";
import { applyCorrections } from "@/lib/text/typos";
import { bestPerPage } from "./pages";
import { activeRetriever, getRetriever } from "./retrievers";
import { REMOTE_SOURCE_BACKEND } from "./registry";
import { listCollectionRows } from "./repo";
import { chunkHeading, type Chunk, type Filters, type RetrievalMode, type RetrievalOutcome } from "./schemas";
import type { ReadChunksOptions, SpellingResult, StoredPassage } from "./types";

/**
 * The Knowledge Layer's one read door. Chat, the ERI server, suggestions, Polymath and Copilot
 * search here: the chosen collections (default all) and remote ERI sources in parallel, typos
 * corrected once per collection for every part of the question, results merged by score with
 * one passage per page. A failing collection or source never fails the others: it is reported
 * in `failures`, and each caller decides what that means for its protocol. Who asks decides
 * what is searched: a collection the principal may not read is as unknown as a missing one.
 */

const SOURCE_TIMEOUT_MS = 10_000;

export interface KnowledgeQuery {
  /**
   * One query (a compound question, "…, and what…", is split into its parts: questionParts), or
   * the parts already split; each part gets an equal share of `top`.
   */
  query: string | string[];
  /** Who asks: only the collections they may read are searched (lib/security/collection-access.ts). */
  principal: Principal;
  top: number;
  mode?: RetrievalMode;
  /** Collection names; null or absent: every collection. Unknown names are reported, not searched. */
  collections?: string[] | null;
  /** Remote ERI source ids, already cleared for this caller (see lib/eri/sources usableSources). */
  sources?: string[];
  filters?: Filters | null;
  /** Search by this embedding instead of embedding the text (vector mode). */
  vector?: Float32Array;
  signal?: AbortSignal;
  /**
   * Passages one page may give (default 1: chat cites pages). The Polymath host answers with
   * passages ranked by similarity, as its reference host does: Infinity.
   */
  perPage?: number;
}

export interface SearchFailure {
  kind: "collection" | "source";
  /** Collection name or source id. */
  name: string;
  message: string;
  /** The HTTP status the failure maps to: a 4xx the caller can fix (409: built with another embedding model), else 500. */
  status: number;
  elapsed_ms: number;
}

export interface KnowledgeResult {
  /** The parts' results taken in turns (the best of each first), at most `top`, one per page. */
  chunks: Chunk[];
  /** Each part's own results, best first, restricted to what `chunks` kept. */
  perQuery: Chunk[][];
  /** Misspelled word → the word the collections use (only words every collection lacks). */
  corrections: Record<string, string>;
  /** Query words none of the searched collections uses (and no typo of one). */
  unknownWords: string[];
  /** The collections and remote sources searched. */
  collections: string[];
  sources: string[];
  unknownCollections: string[];
  failures: SearchFailure[];
}

export async function searchKnowledge(request: KnowledgeQuery): Promise<KnowledgeResult> {
  const queries = (Array.isArray(request.query) ? request.query : questionParts(request.query)).filter((q) => q.trim());
  const rows = await listCollectionRows(request.collections ?? undefined);
  const readable = new Set(
    await permittedCollections(
      request.principal,
      rows.map((r) => r.name),
    ),
  );
  const byName = new Map(rows.filter((r) => readable.has(r.name)).map((r) => [r.name, r]));
  const wanted = request.collections ?? [...byName.keys()];
  const collections = [...new Set(wanted)].filter((name) => byName.has(name));
  const unknownCollections = wanted.filter((name) => !byName.has(name));
  const sources = [...new Set(request.sources ?? [])];
  if (queries.length === 0)
    return { chunks: [], perQuery: [], corrections: {}, unknownWords: [], collections, sources, unknownCollections, failures: [] };

  const retriever = activeRetriever();
  const spelling = new Map<string, SpellingResult>();
  if (retriever.correctSpelling && !request.vector) {
    const whole = queries.join(" ");
    // Spelling is a help, never a reason for a search to fail.
    const checked = await Promise.all(collections.map((name) => retriever.correctSpelling!(whole, name).catch(() => null)));
    checked.forEach((result, i) => result && spelling.set(collections[i], result));
  }

  const failures: SearchFailure[] = [];
  const perPage = request.perPage ?? 1;
  const share = Math.max(1, Math.ceil(request.top / queries.length));
  const searchPart = async (query: string): Promise<Chunk[]> => {
    const local = collections.map((name) =>
      timed("collection", name, failures, () =>
        retriever.retrieve(applyCorrections(query, searchedAs(spelling.get(name))), name, share, request.filters, {
          mode: request.mode,
          vector: request.vector,
          collection: byName.get(name),
          correctSpelling: false,
          signal: request.signal,
          perPage,
        }),
      ),
    );
    const remote = sources.map((id) =>
      timed("source", id, failures, () => {
        const timeout = AbortSignal.timeout(SOURCE_TIMEOUT_MS);
        const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
        return getRetriever(REMOTE_SOURCE_BACKEND).retrieve(query, id, share, null, { signal });
      }),
    );
    const found = (await Promise.all([...local, ...remote])).flat();
    return bestPerPage(
      found.sort((a, b) => b.score - a.score),
      chunkPage,
      perPage,
    ).slice(0, share);
  };
  const perQuery = await Promise.all(queries.map(searchPart));

  const chunks = bestPerPage(takeTurns(perQuery), chunkPage, perPage).slice(0, request.top);
  const kept = new Set(chunks.map((c) => c.chunk_id));
  return {
    chunks,
    perQuery: perQuery.map((list) => list.filter((c) => kept.has(c.chunk_id))),
    ...mergeSpelling([...spelling.values()]),
    collections,
    sources,
    unknownCollections,
    failures,
  };
}

/** True when something was searched and every search failed: nothing to answer from. */
export function everySearchFailed(result: KnowledgeResult): boolean {
  const searched = result.collections.length + result.sources.length;
  return searched > 0 && new Set(result.failures.map((f) => `${f.kind}:${f.name}`)).size >= searched;
}

async function timed(
  kind: SearchFailure["kind"],
  name: string,
  failures: SearchFailure[],
  search: () => Promise<RetrievalOutcome>,
): Promise<Chunk[]> {
  const started = performance.now();
  const result = await search();
  if (result.success) return result.chunks;
  failures.push({
    kind,
    name,
    message: result.error_message ?? "Retrieval failed",
    status: result.error_status ?? 500,
    elapsed_ms: Math.round(performance.now() - started),
  });
  return [];
}

/**
 * One collection's typo may be another's word: a word counts as misspelled (or unknown) only
 * if every collection says so. Its correction is the first collection's.
 */
export function mergeSpelling(results: SpellingResult[]): Pick<KnowledgeResult, "corrections" | "unknownWords"> {
  if (results.length === 0) return { corrections: {}, unknownWords: [] };
  const unknownIn = (r: SpellingResult, word: string) => word in r.corrections || r.unknown.includes(word);
  const everywhere = (word: string) => results.every((r) => unknownIn(r, word));
  const corrections: Record<string, string> = {};
  for (const r of results)
    for (const [word, fix] of Object.entries(r.corrections)) if (!(word in corrections) && everywhere(word)) corrections[word] = fix;
  const unknownWords = results[0].unknown.filter((w) => results.every((r) => r.unknown.includes(w)));
  return { corrections, unknownWords };
}

/** Each word the collection knows in another spelling or form → that one. */
const searchedAs = (spelling: SpellingResult | undefined): Record<string, string> => ({ ...spelling?.forms, ...spelling?.corrections });

/** The lists' first results, then their second ones, and so on; each chunk once. */
function takeTurns(lists: Chunk[][]): Chunk[] {
  const seen = new Set<string>();
  const merged: Chunk[] = [];
  for (let rank = 0; lists.some((list) => rank < list.length); rank++) {
    for (const list of lists) {
      const chunk = list[rank];
      if (chunk && !seen.has(chunk.chunk_id)) {
        seen.add(chunk.chunk_id);
        merged.push(chunk);
      }
    }
  }
  return merged;
}

/** Chat cites pages: a page of a file in a collection is one citation. */
const chunkPage = (c: Chunk) =>
  c.page_number === null
    ? null
    : `${String(c.metadata.collection_name ?? "")}/${String(c.metadata.file_id ?? c.file_name)}#${c.page_number}`;

/**
 * A document's passages in order (neighbours of a match, headings for suggestions, exports),
 * from the active backend; empty when the backend cannot list them.
 */
export async function documentPassages(collection: string, options: ReadChunksOptions = {}): Promise<StoredPassage[]> {
  const retriever = activeRetriever();
  if (!retriever.readChunks) return [];
  return retriever.readChunks(collection, options);
}

export { documentUrl, imageUrl } from "./urls";

/**
 * The found passages with the rest of their page (the passages near them on it): search keeps one passage per page, but the
 * fact a question asks for may sit in the page's other passage ("…up to $1000…" beside the
 * list of covered lessons). Each passage's content becomes its page's passages in order, the
 * sentences consecutive passages share (their overlap) once. Passages without a page, and
 * those of remote sources, stay as they are.
 */
export async function withWholePages(chunks: Chunk[]): Promise<Chunk[]> {
  const retriever = activeRetriever();
  if (!retriever.readChunks) return chunks;
  const byCollection = new Map<string, { fileId: string; page: number; chunkIndex: number }[]>();
  for (const c of chunks) {
    const place = placeOf(c);
    if (place) addTo(byCollection, place.collection, { fileId: place.fileId, page: place.page, chunkIndex: place.chunkIndex });
  }
  const pages = new Map<string, StoredPassage[]>();
  await Promise.all(
    [...byCollection].map(async ([collection, wanted]) => {
      // Whole pages are a help: a failed read leaves the passages as found.
      const rows = await retriever.readChunks!(collection, { pages: wanted }).catch(() => []);
      for (const row of rows) {
        const key = `${collection}/${String(row.metadata.file_id)}#${row.page_number}`;
        pages.set(key, [...(pages.get(key) ?? []), row]);
      }
    }),
  );
  return chunks.map((c) => {
    const rows = pages.get(`${String(c.metadata.collection_name)}/${String(c.metadata.file_id)}#${c.page_number}`);
    if (!rows || rows.length < 2) return c;
    const ordered = rows.sort((a, b) => Number(a.metadata.chunk_index) - Number(b.metadata.chunk_index));
    return { ...c, content: joinOverlapping(ordered.map((r) => r.content)) };
  });
}

/**
 * The rest of a record that runs onto the next page: a found passage of a role library's
 * "Manager of Operations" (page 26) is answered with that record's qualifications on page 27
 * too ("5+ years of operational management experience…"). Of the records in `records` (those a
 * question names), the next page's passages whose heading is the same record's ("Manager of
 * Operations › Qualifications"), once each, cited to their page; one read per collection.
 */
export async function recordContinuations(chunks: Chunk[], records: ReadonlySet<string>): Promise<Chunk[]> {
  const retriever = activeRetriever();
  if (!retriever.readChunks || records.size === 0) return [];
  const wanted = new Map<string, { fileId: string; page: number; chunkIndex: number; record: string; found: Chunk }[]>();
  for (const c of chunks) {
    const place = placeOf(c);
    // A record's first passage is headed by its title alone, the next ones by "title › part".
    const record = headingOf(c).split(HEADING_PATH_SEPARATOR)[0];
    if (!place || !records.has(record)) continue;
    // The next page's passages near this one: the read's window reaches forward from the found passage.
    addTo(wanted, place.collection, {
      fileId: place.fileId,
      page: place.page + 1,
      chunkIndex: place.chunkIndex + PAGE_REACH_AHEAD,
      record,
      found: c,
    });
  }
  const found = new Set(chunks.map((c) => c.chunk_id));
  const read = await Promise.all(
    [...wanted].map(async ([collection, pages]) => {
      const rows = await retriever.readChunks!(collection, { pages }).catch(() => []);
      return pages.flatMap(({ fileId, page, record, found: c }) => {
        const own = rows
          .filter((row) => row.metadata.file_id === fileId && row.page_number === page && !found.has(row.chunk_id))
          .filter((row) => headingOf(row).startsWith(`${record}${HEADING_PATH_SEPARATOR}`))
          .sort((a, b) => Number(a.metadata.chunk_index) - Number(b.metadata.chunk_index));
        return own.length ? [{ ...own[0], file_name: c.file_name, content: joinOverlapping(own.map((row) => row.content)) }] : [];
      });
    }),
  );
  const seen = new Set<string>();
  return read.flat().filter((c) => !seen.has(c.chunk_id) && seen.add(c.chunk_id));
}

/**
 * The end of the page before a found passage that opens inside a list ("• Hemophilia treatment" at
 * the top of page 21, under "Services covered by this plan include:" at the foot of page 20): the
 * lead-in says what the items are (covered, excluded, tips). Read only where the found passage is
 * its page's first, that is where the passage before it is on the page before; cited to that page;
 * one read per collection.
 */
export async function listLeadIns(chunks: Chunk[]): Promise<Chunk[]> {
  const retriever = activeRetriever();
  if (!retriever.readChunks) return [];
  const wanted = new Map<string, { fileId: string; page: number; chunkIndex: number; found: Chunk }[]>();
  for (const c of chunks) {
    const place = placeOf(c);
    if (!place || place.page < 2 || place.chunkIndex < 1 || !opensInList(c)) continue;
    addTo(wanted, place.collection, { fileId: place.fileId, page: place.page - 1, chunkIndex: place.chunkIndex - 1, found: c });
  }
  const found = new Set(chunks.map((c) => c.chunk_id));
  const read = await Promise.all(
    [...wanted].map(async ([collection, pages]) => {
      const rows = await retriever.readChunks!(collection, { pages }).catch(() => []);
      return pages.flatMap(({ fileId, page, chunkIndex, found: c }) => {
        const before = rows.find(
          (row) => row.metadata.file_id === fileId && row.page_number === page && row.metadata.chunk_index === chunkIndex,
        );
        return before && !found.has(before.chunk_id) && endsInList(before) ? [{ ...before, file_name: c.file_name }] : [];
      });
    }),
  );
  const seen = new Set<string>();
  return read.flat().filter((c) => !seen.has(c.chunk_id) && seen.add(c.chunk_id));
}

/** The passage's first line after the heading it carries (the section runs on from the page before) is a list item. */
function opensInList(passage: Chunk): boolean {
  const heading = headingOf(passage);
  const lines = passage.content.split("\n").filter((line) => line.trim());
  const carried = lines[0] === heading || lines[0] === heading.split(HEADING_PATH_SEPARATOR).at(-1);
  const first = carried ? lines[1] : lines[0];
  return first !== undefined && isListItem(first.trim());
}

/** The passage ends with a list's lead-in ("…include:") or items: the list it leads in may run on. */
function endsInList(passage: Chunk): boolean {
  const last = passage.content.trimEnd().split("\n").at(-1)?.trim() ?? "";
  return isListItem(last) || last.endsWith(":");
}

/** Where a stored passage sits; null for one without a page or of a remote source. */
function placeOf(c: Chunk): { collection: string; fileId: string; page: number; chunkIndex: number } | null {
  const { collection_name: collection, file_id: fileId, chunk_index: chunkIndex } = c.metadata;
  if (typeof collection !== "string" || typeof fileId !== "string" || typeof chunkIndex !== "number" || c.page_number === null) return null;
  return { collection, fileId, page: c.page_number, chunkIndex };
}

const addTo = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);

/** How far past a found passage the next page's passages are looked for (the read reaches two either side). */
const PAGE_REACH_AHEAD = 2;

const headingOf = (passage: Chunk) => chunkHeading(passage) ?? "";

/** Consecutive passages' text, dropping the lines (or sentences) a passage repeats from the one before. */
function joinOverlapping(contents: string[]): string {
  let text = contents[0];
  for (const next of contents.slice(1)) {
    const fresh = next
      .split("\n")
      .map((line) => (line.trim().length > 20 && text.includes(line.trim()) ? "" : dropRepeatedSentences(line, text)))
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    if (fresh) text = `${text}\n\n${fresh}`;
  }
  return text;
}

function dropRepeatedSentences(line: string, before: string): string {
  return sentencesOf(line)
    .filter((sentence) => sentence.length < 20 || !before.includes(sentence))
    .join(" ");
}
