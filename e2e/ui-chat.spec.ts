import { expect, test, type Route } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";

/** NDJSON as the chat API streams it: one JSON object per line, each line ending in "\n". */
const ndjson = (...lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join("");
const contextLine = (chatId: string) => ({
  delta: { role: "assistant" },
  context: {
    data_points: {
      text: ["guide.md: The office opens at 8 am."],
      citations: ["guide.md"],
      sources: [
        {
          id: "guide.md",
          collection: "docs",
          file_id: "f1",
          file_name: "guide.md",
          page: null,
          url: null,
          content: "The office opens at 8 am.",
        },
      ],
    },
    thoughts: [{ title: "Search results", description: [], elapsed_ms: 3 }],
  },
  session_state: chatId,
  sessionState: chatId,
});

test.describe("chat behaviour (chat API mocked)", () => {
  test("the stop button aborts the stream and keeps the question", async ({ page }) => {
    const chat = new ChatPage(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/chat/stream", async (route: Route) => {
      await held; // never answers until the test lets go (after Stop)
      await route.fulfill({ body: ndjson(contextLine("c1"), { delta: { content: "late" } }) }).catch(() => undefined);
    });
    await chat.goto();
    await chat.ask("When does the office open?");
    await expect(chat.turns().last()).toHaveAttribute("data-status", "streaming");
    await page.getByRole("button", { name: "Stop generating" }).click();
    await expect(chat.turns().last()).toHaveAttribute("data-status", "stopped");
    await expect(page.getByTestId("question")).toHaveText("When does the office open?");
    await expect(page.getByRole("button", { name: "Ask again" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send question" })).toBeVisible();
    release();
  });

  test("a question over the length limit stays in the box, with the limit said, until shortened", async ({ page }) => {
    const chat = new ChatPage(page);
    let calls = 0;
    await page.route("**/api/chat/stream", async (route) => {
      calls++;
      await route.fulfill({ contentType: "application/json-lines", body: ndjson(contextLine("c1"), { delta: { content: "Noted." } }) });
    });
    await chat.goto();
    const long = "Why? ".repeat(4001).trim(); // 20,004 characters
    await chat.questionBox().fill(long);
    const limit = page.getByRole("alert").filter({ hasText: "characters long" });
    await expect(limit).toHaveText("This question is 20,004 characters long; a question can be at most 20,000. Shorten it to send it.");
    await expect(page.getByRole("button", { name: "Send question" })).toBeDisabled();
    await chat.questionBox().press("Enter");
    expect(calls).toBe(0);
    await expect(chat.questionBox()).toHaveValue(long);
    await chat.questionBox().fill(long.slice(0, 20_000));
    await expect(limit).toHaveCount(0);
    await chat.questionBox().press("Enter");
    await chat.waitForAnswer();
    expect(calls).toBe(1);
  });

  test("an error mid-stream is shown in place; Retry asks again", async ({ page }) => {
    const chat = new ChatPage(page);
    let calls = 0;
    await page.route("**/api/chat/stream", async (route) => {
      calls++;
      const body =
        calls === 1
          ? ndjson(contextLine("c1"), { delta: { content: "The office" } }, { error: "The language model timed out" })
          : ndjson(
              contextLine("c1"),
              { delta: { content: "The office opens at 8 am [guide.md]." } },
              { delta: {}, context: { followup_questions: ["Is it open on Sundays?"] } },
            );
      await route.fulfill({ contentType: "application/json-lines", body });
    });
    await chat.goto();
    await chat.ask("When does the office open?");
    await expect(chat.lastAnswer().getByRole("alert")).toContainText("The language model timed out");
    await page.getByRole("button", { name: "Retry" }).click();
    await chat.waitForAnswer();
    await expect(chat.lastAnswer()).toContainText("The office opens at 8 am");
    await expect(chat.citationLinks()).toHaveCount(1);
    await expect(chat.followups()).toHaveText(["Is it open on Sundays?"]);
    expect(calls).toBe(2);
  });

  test("an HTTP error before streaming is shown with its message", async ({ page }) => {
    const chat = new ChatPage(page);
    await page.route("**/api/chat/stream", (route) =>
      route.fulfill({ status: 400, json: { error: "messages: the last message must not be empty" } }),
    );
    await chat.goto();
    await chat.ask("x");
    await expect(chat.lastAnswer().getByRole("alert")).toContainText("the last message must not be empty");
  });

  test("settings are sent as overrides and remembered", async ({ page }) => {
    const chat = new ChatPage(page);
    const bodies: Record<string, unknown>[] = [];
    await page.route("**/api/chat/stream", async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ body: ndjson(contextLine("c9"), { delta: { content: "ok" } }) });
    });
    await chat.goto();
    await chat.openSettings();
    const drawer = page.getByRole("dialog", { name: "Chat settings" });
    await drawer.getByRole("radio", { name: /Text/ }).check();
    await drawer.getByLabel("Number of results").fill("3");
    await drawer.getByRole("checkbox", { name: "Suggest follow-up questions" }).uncheck();
    await drawer.getByRole("button", { name: "Close chat settings" }).click();
    await chat.ask("first");
    await chat.waitForAnswer();
    await chat.ask("second");
    await chat.waitForAnswer();
    expect(bodies[0]).toMatchObject({
      messages: [{ role: "user", content: "first" }],
      context: { overrides: { retrieval_mode: "text", top: 3, suggest_followup_questions: false } },
    });
    // The second turn carries the conversation and the chat id the first answer returned.
    expect(bodies[1]).toMatchObject({
      messages: [
        { role: "user", content: "first" },
        { role: "assistant", content: "ok" },
        { role: "user", content: "second" },
      ],
      sessionState: "c9",
    });
    await page.reload();
    await chat.openSettings();
    await expect(page.getByRole("dialog", { name: "Chat settings" }).getByRole("radio", { name: /Text/ })).toBeChecked();
  });

  test("history: rename and delete a chat (real API)", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What is the meaning of the test suite?");
    await chat.waitForAnswer();
    await expect(chat.history().filter({ hasText: "What is the meaning" })).toHaveCount(1);
    // The address names the chat: a reload reopens it; a new chat clears it.
    await expect(page).toHaveURL(/\?chat=[\w-]+/);
    await page.reload();
    await expect(page.getByTestId("question")).toHaveText(["What is the meaning of the test suite?"]);
    await expect(chat.turns().last()).toHaveAttribute("data-status", "done");
    await chat.newChat();
    await expect(chat.turns()).toHaveCount(0);
    await expect(page).not.toHaveURL(/chat=/);
    const item = chat.history().filter({ hasText: "What is the meaning" });
    // Each chat says when it was last used, so chats asked alike can be told apart.
    const when = await item.locator("time").getAttribute("datetime");
    expect(Math.abs(Date.parse(when ?? "") - Date.now())).toBeLessThan(5 * 60_000);
    await expect(item.locator("time")).not.toBeEmpty();
    await item.getByRole("button", { name: /^Rename chat/ }).click();
    const field = page.getByLabel("New title");
    await field.fill("Renamed chat");
    await field.press("Enter");
    await expect(chat.history().filter({ hasText: "Renamed chat" })).toHaveCount(1);
    await page.reload();
    await expect(chat.history().filter({ hasText: "Renamed chat" })).toHaveCount(1);
    await chat
      .history()
      .filter({ hasText: "Renamed chat" })
      .getByRole("button", { name: /^Delete chat/ })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete chat" }).click();
    await expect(chat.history().filter({ hasText: "Renamed chat" })).toHaveCount(0);
  });

  test("files still being ingested are announced above the chat", async ({ page }) => {
    const chat = new ChatPage(page);
    const now = new Date().toISOString();
    await page.route("**/v1/collections", (route) =>
      route.fulfill({
        json: [
          {
            name: "docs",
            description: null,
            file_count: 2,
            chunk_count: 4,
            created_at: now,
            updated_at: now,
            backend: "lancedb",
            metadata: {},
          },
        ],
      }),
    );
    await page.route("**/v1/collections/docs/documents", (route) =>
      route.fulfill({
        json: [
          {
            file_id: "a",
            file_name: "ready.pdf",
            collection_name: "docs",
            status: "success",
            file_size: 10,
            chunk_count: 4,
            uploaded_at: now,
            ingested_at: now,
            expiration_date: null,
            error_message: null,
            metadata: {},
          },
          {
            file_id: "b",
            file_name: "big_report.pdf",
            collection_name: "docs",
            status: "ingesting",
            file_size: 10,
            chunk_count: 0,
            uploaded_at: now,
            ingested_at: null,
            expiration_date: null,
            error_message: null,
            metadata: {},
          },
        ],
      }),
    );
    await chat.goto();
    await expect(page.getByRole("status").filter({ hasText: "still being ingested" })).toContainText("big_report.pdf");
  });
});
