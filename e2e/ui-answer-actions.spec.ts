import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ChatPage } from "./pages/chat-page";
import { markdownFile, seedCollection } from "./pages/seed";

const GARAGE = ["# Parking", "", "Visitors park in the west garage; the first two hours are free.", ""].join("\n");

/** Under each answer: copy as Markdown with citations, regenerate beside the old one, thumbs with a comment; admins review and export. */
test.describe("answer actions", () => {
  test.beforeAll(async ({ request }) => {
    await seedCollection(request, "actions", [markdownFile("parking.md", GARAGE)]);
  });

  test("copy, regenerate, rate with a comment; the admin sees it and exports it", async ({ page, context }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const chat = new ChatPage(page);
    const shell = new AppShell(page);
    await chat.goto();
    await chat.selectCollection("actions");
    await chat.ask("Where do visitors park?");
    await chat.waitForAnswer();
    const actions = chat.answerActions();

    await actions.getByRole("button", { name: "Copy answer" }).click();
    await expect(actions.getByRole("button", { name: "Copied" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("west garage");
    expect(copied).toMatch(/\[\^1\]/);
    expect(copied).toMatch(/\n\[\^1\]: \[parking\.md\]\(http:\/\/127\.0\.0\.1:\d+\/v1\/collections\/actions\/documents\/[\w-]+\/content\)/);

    const first = await chat.lastAnswer().textContent();
    await actions.getByRole("button", { name: "Regenerate answer" }).click();
    await chat.waitForAnswer();
    await expect(page.getByTestId("answer-variants")).toContainText("Answer 2 of 2");
    await chat.answerActions().getByRole("button", { name: "Previous answer" }).click();
    await expect(page.getByTestId("answer-variants")).toContainText("Answer 1 of 2");
    expect(await chat.lastAnswer().textContent()).toContain((first ?? "").slice(0, 40));
    await chat.answerActions().getByRole("button", { name: "Next answer" }).click();

    await chat.answerActions().getByRole("button", { name: "Bad answer" }).click();
    await expect(chat.answerActions().getByRole("button", { name: "Bad answer" })).toHaveAttribute("aria-pressed", "true");
    const comment = page.getByLabel("What was right or missing? (optional)");
    await expect(comment).toBeFocused();
    await comment.fill("It should say how long parking is free");
    await page.getByRole("button", { name: "Send comment" }).click();
    await expect(chat.answerActions().getByRole("status")).toContainText("comment is saved");
    await shell.screenshot("chat-answer-actions", { fullPage: false });

    // Both answers stay in the history, and the verdict with the second.
    await page.reload();
    await expect(chat.turns()).toHaveCount(1);
    await expect(page.getByTestId("answer-variants")).toContainText("Answer 2 of 2");
    await expect(chat.answerActions().getByRole("button", { name: "Bad answer" })).toHaveAttribute("aria-pressed", "true");

    await page.goto("/settings/feedback");
    const entry = page.getByTestId("feedback-entry").filter({ hasText: "Where do visitors park?" });
    await expect(entry).toContainText("Bad answer");
    await expect(entry).toContainText("It should say how long parking is free");
    await entry.getByText(/cited passage/).click();
    await expect(entry).toContainText("parking.md");
    await expect(entry).toContainText("west garage");
    await shell.expectNoSeriousA11yViolations(testInfo, "settings-feedback");
    await shell.screenshot("settings-feedback");
    await shell.setTheme("dark");
    await shell.expectNoSeriousA11yViolations(testInfo, "settings-feedback-dark");
    await shell.setTheme("light");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Export as evaluation set/ }).click(),
    ]);
    const lines = (await (await download.createReadStream()).toArray())
      .join("")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toContainEqual({
      question: "Where do visitors park?",
      citations: ["parking.md"],
      answer: expect.stringContaining("west garage"),
      rating: "down",
      comment: "It should say how long parking is free",
    });
  });
});
