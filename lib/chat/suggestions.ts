import { db } from "@/lib/db/client";
import { fileChunks } from "@/lib/knowledge/lancedb/store";
import { documentTitle } from "@/lib/knowledge/document-title";
import { sectionQuestion } from "./topics";

/** Example questions for the empty chat: section headings of the selected collections' documents. */
export async function exampleQuestions(collections: string[] | null, count = 4): Promise<string[]> {
  const docs = await db().document.findMany({
    where: { status: "success", ...(collections ? { collectionName: { in: collections } } : {}) },
    select: { id: true, collectionName: true, fileName: true },
    orderBy: { uploadedAt: "desc" },
    take: 8,
  });
  const questions: string[] = [];
  for (const doc of docs) {
    const chunks = await fileChunks(doc.collectionName, doc.id, 40).catch(() => []);
    // One per document keeps the examples varied.
    const question =
      chunks.map((c) => sectionQuestion(doc.fileName, c.heading)).find((q) => q && !questions.includes(q)) ??
      `What is ${documentTitle(doc.fileName)} about?`;
    if (!questions.includes(question)) questions.push(question);
    if (questions.length >= count) break;
  }
  return questions;
}
