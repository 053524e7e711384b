/** "Northwind_Health_Plus.pdf" → "Northwind Health Plus": file names often name the subject. */
export function documentTitle(fileName: string): string {
  return fileName
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[_\-.]+/g, " ")
    .trim();
}

/** Words written capitalised inside a text, lowercased: names ("Will Northwind Standard pay…"), not "Will". */
export function namesIn(text: string): string[] {
  return (text.replace(/_/g, " ").match(/(?<=\S\s+)\p{Lu}[\p{L}\p{N}]*/gu) ?? []).map((w) => w.toLowerCase());
}

/**
 * The documents a question names by the name words of their titles, as groups, fewest documents
 * first: "Health Plus" names the one whose title holds both words, "Standard" then another; a
 * name two titles hold alike ("Northwind") names both, as one group.
 */
export function namedDocuments<K>(nameTerms: string[], titles: Map<K, { has(term: string): boolean }>): K[][] {
  const groups: K[][] = [];
  let left = nameTerms.filter((t) => [...titles.values()].some((title) => title.has(t)));
  while (left.length) {
    const holding = [...titles].map(([doc, title]) => ({ doc, held: left.filter((t) => title.has(t)) }));
    const most = Math.max(...holding.map((h) => h.held.length));
    const group = holding.filter((h) => h.held.length === most);
    groups.push(group.map((h) => h.doc));
    left = left.filter((t) => !group.some((h) => h.held.includes(t)));
  }
  return groups;
}
