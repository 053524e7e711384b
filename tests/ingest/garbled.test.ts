import { describe, expect, it } from "vitest";
import { looksGarbled } from "@/lib/ingest/garbled";

describe("garbled text (glyph ids read as characters)", () => {
  it.each([
    ["English", "The tenant pays rent monthly in advance, by bank transfer."],
    ["Japanese", "東京都の図書館は月曜日に休館します。カード（利用者）を忘れずに。"],
    ["Russian with Latin names", "Договор аренды с компанией Northwind подписан в марте."],
    ["Chinese with figures", "本公司2024年营业收入为123亿元，同比增长5%。"],
    ["Korean", "도서관은 월요일에 휴관합니다."],
    ["Greek", "Η σύμβαση υπογράφηκε τον Μάρτιο."],
  ])("reads %s as text", (_, text) => {
    expect(looksGarbled(text)).toBe(false);
  });

  it("tells glyph ids shown as letters of many scripts", () => {
    expect(looksGarbled("ಊ༻ႢԮଜ๏പ ಋ༼ႣԯଝႤ")).toBe(true);
    expect(looksGarbled("\ue012\ue0a3\u0c8a\ue100\u10a2\ue044\u052e")).toBe(true);
  });
});
