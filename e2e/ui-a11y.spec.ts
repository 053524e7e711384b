import { expect, test, type Page } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ChatPage } from "./pages/chat-page";
import { CollectionPage } from "./pages/collection-page";
import { CollectionsPage } from "./pages/collections-page";
import { makePdf } from "./pages/test-files";

const GUIDE_MD = [
  "# Office Guide",
  "",
  "## Opening Hours",
  "",
  "The office opens at 8 am and closes at 6 pm on weekdays.",
  "On Saturdays the front desk is staffed from 9 am to noon.",
  "",
  "## Parking",
  "",
  "Visitors park in the west garage; the first two hours are free.",
  "",
].join("\n");

/**
 * Every page, light and dark, desktop and phone: no serious or critical axe violation, and
 * a screenshot of each. One collection with a Markdown file makes the pages non-empty.
 */
test.describe("accessibility and themes", () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    // Once per worker; a worker restarted after a failure finds the collection already there.
    if ((await page.request.get("/v1/collections/office")).ok()) return page.close();
    const collections = new CollectionsPage(page);
    const collection = new CollectionPage(page);
    await collections.goto();
    await collections.create("office", "Office guide and policies");
    await collections.open("office");
    const pdf = await makePdf("floor_plan.pdf", [["Floor Plan", "Meeting rooms are on the second floor, next to the kitchen."]]);
    await collection.dropFiles([{ name: "office_guide.md", mimeType: "text/markdown", buffer: Buffer.from(GUIDE_MD) }, pdf]);
    await collection.expectFileStatus("office_guide.md", "success");
    await collection.expectFileStatus("floor_plan.pdf", "success");
    await page.close();
  });

  for (const theme of ["light", "dark"] as const) {
    for (const device of ["desktop", "phone"] as const) {
      test(`${theme} · ${device}`, async ({ page }, testInfo) => {
        test.setTimeout(120_000);
        if (device === "phone") await page.setViewportSize({ width: 390, height: 844 });
        const shell = new AppShell(page);
        const tag = `${theme}-${device}`;
        await page.goto("/collections");
        await shell.setTheme(theme);
        await checkPage(shell, testInfo, `collections-${tag}`);

        await new CollectionsPage(page).open("office");
        await expect(page.getByTestId("file-row")).toHaveCount(2);
        await checkPage(shell, testInfo, `collection-${tag}`);

        const chat = new ChatPage(page);
        await chat.goto();
        await expect(page.getByRole("heading", { name: "Try asking" })).toBeVisible();
        await checkPage(shell, testInfo, `chat-empty-${tag}`);
        await page.getByRole("button", { name: /Search in:/ }).click();
        await checkPage(shell, testInfo, `chat-picker-${tag}`);
        await page.keyboard.press("Escape");
        if (device === "phone") {
          await page.getByRole("button", { name: "History" }).click();
          await expect(page.getByRole("dialog", { name: "Chat history" })).toBeVisible();
          await checkPage(shell, testInfo, `chat-history-${tag}`);
          await page.keyboard.press("Escape");
        }

        await chat.ask("When does the office open on weekdays?");
        await chat.waitForAnswer();
        await checkPage(shell, testInfo, `chat-answer-${tag}`);
        await chat.openCitation(0);
        // A Markdown source is rendered (headings, not "#" lines), the cited blocks highlighted.
        const source = chat.panel().getByTestId("markdown-source");
        await expect(source.getByTestId("source-highlight")).toContainText("8 am");
        await expect(source.getByRole("heading", { name: "Office Guide", level: 1 })).toBeVisible();
        await expect(source).not.toContainText("# Office Guide");
        await checkPage(shell, testInfo, `chat-citation-${tag}`);
        await chat.panel().getByRole("tab", { name: "Thought process" }).click();
        await checkPage(shell, testInfo, `chat-thoughts-${tag}`);
        await chat.panel().getByRole("button", { name: "Close answer details" }).click();

        await chat.openSettings();
        await checkPage(shell, testInfo, `chat-settings-${tag}`);
        await page.keyboard.press("Escape");
      });
    }
  }

  test("the ERI settings page sits in the shell and passes axe", async ({ page }, testInfo) => {
    const shell = new AppShell(page);
    const response = await page.goto("/settings/eri");
    test.skip(response?.status() === 404, "the ERI settings page is not there yet");
    await expect(shell.nav("Settings")).toHaveAttribute("aria-current", "page");
    for (const theme of ["light", "dark"] as const) {
      await shell.setTheme(theme);
      await checkPage(shell, testInfo, `settings-eri-${theme}`);
    }
  });

  test("the theme is remembered and applied before first paint", async ({ page }) => {
    const shell = new AppShell(page);
    await page.goto("/collections");
    await shell.setTheme("dark");
    // The class must be there when the HTML is parsed, before React hydrates (no flash).
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { darkAtParse: boolean }).darkAtParse = document.documentElement.classList.contains("dark");
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { darkAtParse: boolean }).darkAtParse)).toBe(true);
    await shell.setTheme("light");
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("keyboard: skip link, navigation and the question box", async ({ page }) => {
    // Pages without a better target: the skip link lands on <main>.
    await page.goto("/collections");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
    // The chat: the message box has the focus on arrival (e2e/ui-keyboard.spec.ts covers its skip link).
    await page.goto("/");
    await expect(page.getByLabel("Ask a question about your documents")).toBeFocused();
    await page.keyboard.type("Where do visitors park?");
    await page.keyboard.press("Enter");
    const chat = new ChatPage(page);
    await chat.waitForAnswer();
    await expect(page.getByTestId("answer").last()).toContainText("west garage");
    // A citation opened from the keyboard: focus moves into the panel, and back to it on Escape.
    await chat.citationLinks().first().focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Answer details" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(chat.panel()).toHaveCount(0);
    await expect(chat.citationLinks().first()).toBeFocused();
  });
});

async function checkPage(shell: AppShell, testInfo: Parameters<AppShell["expectNoSeriousA11yViolations"]>[0], name: string) {
  await settle(shell.page);
  await shell.screenshot(name);
  await shell.expectNoSeriousA11yViolations(testInfo, name);
}

/** Lets transitions and lazy content finish so screenshots and axe see the final state. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(300);
}
