import { describe, expect, it } from "vitest";
import { groupChats } from "@/components/chat/history-groups";

const NOW = new Date(2026, 10, 25, 15, 0);
const at = (daysAgo: number, hour = 9) => new Date(2026, 10, 25 - daysAgo, hour).toISOString();
const chat = (id: string, title: string, updatedAt: string) => ({ id, title, createdAt: updatedAt, updatedAt });

describe("groupChats", () => {
  const chats = [
    chat("a", "Parking for visitors", at(0)),
    chat("b", "Opening hours", at(1)),
    chat("c", "Parking fines", at(3)),
    chat("d", "Dental plan", at(20)),
    chat("e", "Old question", at(90)),
  ];

  it("puts chats, newest first, in calendar groups", () => {
    expect(groupChats(chats, "", NOW).map((g) => [g.label, g.chats.map((c) => c.id)])).toEqual([
      ["Today", ["a"]],
      ["Yesterday", ["b"]],
      ["Previous 7 days", ["c"]],
      ["Previous 30 days", ["d"]],
      [new Date(at(90)).toLocaleDateString(undefined, { month: "long", year: "numeric" }), ["e"]],
    ]);
  });

  it("keeps only titles holding every searched word, in any case", () => {
    expect(groupChats(chats, "  PARKING fin ", NOW).flatMap((g) => g.chats.map((c) => c.id))).toEqual(["c"]);
    expect(groupChats(chats, "parking", NOW).map((g) => g.label)).toEqual(["Today", "Previous 7 days"]);
    expect(groupChats(chats, "nothing like it", NOW)).toEqual([]);
  });
});
