/** Display helpers shared by tables; all formatting happens in the browser's locale. */

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null) return "—";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function formatNumber(n: number): string {
  return n.toLocaleString();
}

/** "1 file", "2,400 files". */
export function formatCount(n: number, noun: string, plural = `${noun}s`): string {
  return `${formatNumber(n)} ${n === 1 ? noun : plural}`;
}
