import { db } from "@/lib/db/client";
import { fileChunks } from "@/lib/knowledge/lancedb/store";
import { contentWords } from "./search-query";

/** Example questions for the empty chat: section headings of the selected collections' documents. */
export async function exampleQuestions(collections: string[] | null, count = 4): Promise<string[]> {
  const docs = await db().document.findMany({
    where: { status: "success", ...(collections ? { collectionName: { in: collections } } : {}) },
    select: { id: true, collectionName: true, fileName: true },
    orderBy: { uploadedAt: "desc" },
    take: 8,
  });
  const questions: string[] = [];
  const seen = new Set<string>();
  for (const doc of docs) {
    const chunks = await fileChunks(doc.collectionName, doc.id, 40).catch(() => []);
    const subject = doc.fileName.replace(/\.[a-z0-9]+$/i, "").replace(/[_-]+/g, " ");
    for (const chunk of chunks) {
      const heading = chunk.heading?.trim().replace(/[:.]+$/, "");
      if (!heading || heading.length > 60 || contentWords(heading).length < 1) continue;
      const key = heading.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      questions.push(`What does ${subject} say about ${key}?`);
      break; // one per document keeps the examples varied
    }
    if (questions.length >= count) break;
  }
  return questions;
}
