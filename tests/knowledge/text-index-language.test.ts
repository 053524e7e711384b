import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as lancedb from "@lancedb/lancedb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { closeDb } from "@/lib/db/client";
import { activeIngestor, activeRetriever, startWorker, stopWorker } from "@/lib/knowledge";
import { freshDataDir } from "../helpers/env";
import { ingestAndWait } from "../helpers/jobs";
import { writeTemp } from "../helpers/files";

/** A collection's BM25 index stems in the collection's own language. */

const URLAUB =
  "Urlaub\n\nAlle Mitarbeiter erhalten dreißig Urlaubstage im Jahr. Der Urlaub wird beim Vorgesetzten beantragt und im Personalportal eingetragen.";
const REISEN =
  "Reisekosten\n\nReisekosten werden nach der Rückkehr erstattet. Hotels in London sind auf 250 Euro pro Nacht begrenzt; Belege sind einzureichen.";
const TRAVEL = "Travel\n\nTravel costs are reimbursed after the trip. Hotels in London are limited to 250 euros per night.";

let dataDir: string;
let tmp: string;

beforeAll(async () => {
  dataDir = await freshDataDir();
  tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-language-"));
  startWorker();
  await activeIngestor().createCollection("handbuch");
  await ingestAndWait("handbuch", [writeTemp(tmp, "urlaub.md", URLAUB), writeTemp(tmp, "reisen.md", REISEN)]);
  await activeIngestor().createCollection("handbook");
  await ingestAndWait("handbook", [writeTemp(tmp, "travel.md", TRAVEL)]);
});
afterAll(async () => {
  stopWorker();
  await closeDb();
  rmSync(tmp, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const textIndexLanguage = async (collection: string) => {
  const table = await (await lancedb.connect(config().lancedbUri)).openTable(collection);
  const index = (await table.listIndices()).find((i) => i.indexType === "FTS");
  return (index?.indexDetails as { language?: string } | undefined)?.language;
};

const found = async (query: string, collection = "handbuch") =>
  (await activeRetriever().retrieve(query, collection, 2, null, { mode: "text", correctSpelling: false })).chunks.map((c) => c.file_name);

describe("a collection's text index in its own language", () => {
  it("is built with the language of the collection's text", async () => {
    expect(await textIndexLanguage("handbuch")).toBe("German");
    expect(await textIndexLanguage("handbook")).toBe("English");
  });

  it("finds a German document by inflected forms of its words", async () => {
    // "Urlaubstagen", "Nächte", "Erstattung" are not in the text; "Urlaubstage", "Nacht", "erstattet" are.
    expect((await found("Wie viele Urlaubstagen haben Mitarbeiter?"))[0]).toBe("urlaub.md");
    expect(await found("Nächte")).toEqual(["reisen.md"]);
    expect(await found("Hotels")).toEqual(["reisen.md"]);
  });

  it("searches an English collection for a German, French or Spanish question by its words' English senses", async () => {
    // No word of these is in the English text; "travel", "costs", "reimbursed", "night" are.
    expect(await found("Werden Reisekosten erstattet?", "handbook")).toEqual(["travel.md"]);
    expect(await found("Les frais de voyage sont-ils remboursés ?", "handbook")).toEqual(["travel.md"]);
    expect(await found("¿Cuánto pagan por noche de hotel?", "handbook")).toEqual(["travel.md"]);
    // A German collection is searched in German, as asked.
    expect((await found("Werden Reisekosten erstattet?"))[0]).toBe("reisen.md");
  });

  it("reports only a question's content words as unknown, in the question's language", async () => {
    // English documents: "wie", "viele", "bekomme", "pro" are how the question asks, not what about.
    const spelling = await activeRetriever().correctSpelling!("Wie viele Urlaubstage bekomme ich pro Jahr?", "handbook");
    expect(spelling).toEqual({ query: "Wie viele Urlaubstage bekomme ich pro Jahr?", corrections: {}, unknown: ["urlaubstage", "jahr"] });
  });

  it("corrects no word of another language than the documents' to one of theirs", async () => {
    // A Spanish "cubre" is no typo of "cure", nor a Dutch "Londen" of "London"; an English "Londn" is.
    const dutch = await activeRetriever().correctSpelling!("Hoeveel kost een hotel in Londen per nacht?", "handbook");
    expect(dutch).toEqual({ query: "Hoeveel kost een hotel in Londen per nacht?", corrections: {}, unknown: ["kost", "londen", "nacht"] });
    expect((await activeRetriever().correctSpelling!("How much is a hotel in Londn?", "handbook")).corrections).toEqual({
      londn: "london",
    });
  });
});
