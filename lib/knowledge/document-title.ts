/** "Northwind_Health_Plus.pdf" → "Northwind Health Plus": file names often name the subject. */
export function documentTitle(fileName: string): string {
  return fileName
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[_\-.]+/g, " ")
    .trim();
}
