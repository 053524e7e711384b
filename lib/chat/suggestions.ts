import { db } from "@/lib/db/client";
import { documentPassages } from "@/lib/knowledge/search";
import { documentTitle } from "@/lib/knowledge/document-title";
import { listCollectionRows } from "@/lib/knowledge/repo";
import { chunkHeading } from "@/lib/knowledge/schemas";
import { permittedCollections } from "@/lib/security/collection-access";
import type { Principal } from "@/lib/security/principal";
import { sectionQuestion } from "./topics";

/** Example questions for the empty chat: section headings of the selected collections' documents that `principal` may read. */
export async function exampleQuestions(principal: Principal, collections: string[] | null, count = 4): Promise<string[]> {
  const chosen = collections ?? (await listCollectionRows()).map((r) => r.name);
  const readable = await permittedCollections(principal, chosen);
  const docs = await db().document.findMany({
    where: { status: "success", collectionName: { in: readable } },
    select: { id: true, collectionName: true, fileName: true },
    orderBy: { uploadedAt: "desc" },
    take: 8,
  });
  const questions: string[] = [];
  for (const doc of docs) {
    const chunks = await documentPassages(doc.collectionName, { fileId: doc.id, limit: 40 }).catch(() => []);
    // How the document writes a heading's words ("at Zava") may be in any of its passages.
    const text = chunks.map((c) => c.content).join("\n");
    // One per document keeps the examples varied.
    const question =
      chunks.map((c) => sectionQuestion(doc.fileName, chunkHeading(c), new Set(), text)).find((q) => q && !questions.includes(q)) ??
      `What is ${documentTitle(doc.fileName)} about?`;
    if (!questions.includes(question)) questions.push(question);
    if (questions.length >= count) break;
  }
  return questions;
}
