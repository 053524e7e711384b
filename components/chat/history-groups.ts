import type { ChatSummary } from "./types";

/** Past chats matching a search, in date groups ("Today", "Yesterday", …) of the browser's own calendar. */
export interface HistoryGroup {
  label: string;
  chats: ChatSummary[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function groupLabel(updatedAt: Date, now: Date): string {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const t = updatedAt.getTime();
  if (t >= startOfToday) return "Today";
  if (t >= startOfToday - DAY_MS) return "Yesterday";
  if (t >= startOfToday - 7 * DAY_MS) return "Previous 7 days";
  if (t >= startOfToday - 30 * DAY_MS) return "Previous 30 days";
  return updatedAt.toLocaleDateString(undefined, { month: "long", year: "numeric" });
}

/** `chats` come newest first, so groups come out in order too. */
export function groupChats(chats: ChatSummary[], query: string, now = new Date()): HistoryGroup[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const groups: HistoryGroup[] = [];
  for (const chat of chats) {
    const title = chat.title.toLocaleLowerCase();
    if (!words.every((w) => title.includes(w))) continue;
    const label = groupLabel(new Date(chat.updatedAt), now);
    if (groups.at(-1)?.label !== label) groups.push({ label, chats: [] });
    groups.at(-1)!.chats.push(chat);
  }
  return groups;
}
