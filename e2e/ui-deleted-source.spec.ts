import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ChatPage } from "./pages/chat-page";
import { CollectionPage } from "./pages/collection-page";
import { CollectionsPage } from "./pages/collections-page";
import { makePdf } from "./pages/test-files";

/** An answer outlives the document it cites: the citation keeps its passage and offers no dead link. */
test("a citation of a deleted document shows its kept passage, without opening the original", async ({ page }) => {
  test.setTimeout(120_000);
  const shell = new AppShell(page);
  const collections = new CollectionsPage(page);
  const collection = new CollectionPage(page);
  const chat = new ChatPage(page);

  await collections.goto();
  await collections.create("gone_ui");
  await collections.open("gone_ui");
  await collection.dropFiles([
    await makePdf("leave_policy.pdf", [
      ["Parental Leave", "Every parent may take 16 weeks of paid parental leave.", "Leave starts within a year of the birth."],
    ]),
  ]);
  await collection.expectFileStatus("leave_policy.pdf", "success");

  await chat.goto();
  await chat.selectCollection("gone_ui");
  await chat.ask("How many weeks of paid parental leave may a parent take?");
  await chat.waitForAnswer();
  await expect(page.getByTestId("spelling-note")).toHaveCount(0); // "many" is a word of asking, not a typo of "may"

  const files = (await (await page.request.get("/v1/collections/gone_ui/documents")).json()) as { file_id: string }[];
  const ids = files.map((f) => f.file_id);
  expect(ids).toHaveLength(1);
  expect((await page.request.delete(`/v1/collections/gone_ui/documents?file_ids=${ids[0]}`)).ok()).toBe(true);

  await chat.openCitation(0);
  await expect(chat.panel()).toContainText("The document has been deleted since this answer");
  await expect(chat.panel().getByRole("region", { name: "Cited passage" })).toContainText("16 weeks of paid parental leave");
  await expect(chat.panel().getByRole("link", { name: /Open original/ })).toHaveCount(0);
  await expect(chat.pdfPage()).toHaveCount(0);
  await shell.screenshot("deleted-source-citation");
  await page.request.delete("/v1/collections/gone_ui");
});
