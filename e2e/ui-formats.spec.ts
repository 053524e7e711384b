import { expect, test } from "@playwright/test";
import { makePptx, makeTextImage, makeXlsx } from "../tests/ingest/helpers/formats";
import { AppShell } from "./pages/app-shell";
import { ChatPage } from "./pages/chat-page";
import { CollectionPage } from "./pages/collection-page";
import { CollectionsPage } from "./pages/collections-page";

/** Office files, tables and images as a user drops them in: ingested, cited and shown as what they are. */
test("a workbook's rows show as a table, an image as the picture, a slide is cited as a slide", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const shell = new AppShell(page);
  const collections = new CollectionsPage(page);
  const collection = new CollectionPage(page);
  const chat = new ChatPage(page);

  await collections.goto();
  await collections.create("formats_ui");
  await collections.open("formats_ui");
  await expect(page.getByTestId("accepted-types")).toContainText("Word (DOCX), PowerPoint (PPTX), Excel (XLSX)");
  await expect(page.getByTestId("accepted-types")).toContainText("Word 97–2003 (DOC)");
  await expect(page.getByTestId("accepted-types")).toContainText("E-mail (EML), Outlook message (MSG), TIFF");
  const image = await makeTextImage(["Inspectors found corrosion on valve seven", "and replaced the gasket in March."]);
  await collection.dropFiles([
    {
      name: "book.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await makeXlsx()),
    },
    {
      name: "deck.pptx",
      mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      buffer: Buffer.from(await makePptx()),
    },
    { name: "inspection.png", mimeType: "image/png", buffer: Buffer.from(image) },
  ]);
  for (const name of ["book.xlsx", "deck.pptx", "inspection.png"]) await collection.expectFileStatus(name, "success", 120_000);
  await shell.screenshot("formats-collection");

  await chat.goto();
  await chat.selectCollection("formats_ui");
  await chat.ask("Who is the platypus wrangler?");
  await chat.waitForAnswer();
  // Each sheet of a workbook is its own source (sheets carry no page number); the panel shows
  // the sheet's cited row groups, each labelled with its sheet and rows.
  await expect(chat.citationLinks().first()).toHaveAttribute("title", "book.xlsx#sheet=Staff");
  await chat.openCitation(0);
  const table = chat.panel().getByTestId("source-table").filter({ hasText: "Platypus wrangler" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Role" })).toBeVisible();
  await expect(table.getByRole("cell", { name: "Platypus wrangler" })).toBeVisible();
  // A sheet's rows are cited by sheet and row, not by a page number.
  await expect(chat.panel()).toContainText("Sheet Staff, row 2");
  await shell.screenshot("formats-citation-table");
  await shell.expectNoSeriousA11yViolations(testInfo, "table citation");

  await chat.ask("What did the inspectors find on valve seven?");
  await chat.waitForAnswer();
  await chat.openCitation(0);
  const figure = chat.panel().getByTestId("source-image");
  await expect(figure).toBeVisible();
  await expect(figure).toContainText("corrosion");
  // The picture really loaded from the image route.
  await expect.poll(() => figure.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shell.screenshot("formats-citation-image");

  await chat.ask("When does the zeppelin feature ship?");
  await chat.waitForAnswer();
  await chat.openCitation(0);
  await expect(chat.panel()).toContainText("Slide 2");
  await chat.panel().getByRole("tab", { name: "Supporting content" }).click();
  await shell.screenshot("formats-supporting");
});
