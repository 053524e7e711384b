import { expect, request as newRequest, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { ADMIN_TOKEN, CHAT_TOKEN, PROTECTED_URL } from "./pages/protected";

/** Keyboard first: the message box is where a visit starts, and the history is one Tab stop. */
test.describe("keyboard", () => {
  test("the message box has the focus on load, after a new chat, and from the skip link", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await expect(chat.questionBox()).toBeFocused();
    await page.keyboard.type("Where do visitors park?");
    await page.keyboard.press("Enter");
    await chat.waitForAnswer();
    await page.getByRole("button", { name: "Start a new chat" }).click();
    await expect(chat.questionBox()).toBeFocused();

    // Elsewhere (here the history), the skip link takes a keyboard user back to the box, past the history.
    await page.getByRole("button", { name: "New chat", exact: true }).focus();
    await page.getByRole("link", { name: "Skip to content" }).focus();
    await page.keyboard.press("Enter");
    await expect(chat.questionBox()).toBeFocused();
  });

  test("history: one Tab stop, arrows between chats and to their actions, search and date groups", async ({ page }) => {
    const chat = new ChatPage(page);
    for (const q of ["Keyboard one about parking", "Keyboard two about hours", "Keyboard three about parking"]) await chat.seedChat(q);
    await chat.goto();
    await chat.searchHistory("keyboard");
    const entries = chat.historyEntries();
    await expect(entries).toHaveCount(3);
    await expect(page.getByRole("group", { name: "Past chats" }).getByRole("region", { name: "Today" })).toBeVisible();

    // Tab from the search box enters the list once, and the next Tab leaves it.
    await page.getByLabel("Search chats").focus();
    await page.keyboard.press("Tab");
    await expect(entries.first()).toBeFocused();
    await page.keyboard.press("Tab");
    const afterList = await page.evaluate(() => document.activeElement?.closest("[data-testid=history-item]") === null);
    expect(afterList).toBe(true);

    await entries.first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(entries.nth(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(entries.nth(2)).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(
      chat
        .history()
        .nth(2)
        .getByRole("button", { name: /^Rename chat/ }),
    ).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("F2");
    const field = page.getByLabel("New title");
    await expect(field).toBeFocused();
    await field.fill("Keyboard renamed");
    await field.press("Enter");
    await expect(chat.history().filter({ hasText: "Keyboard renamed" })).toHaveCount(1);

    await chat.searchHistory("parking keyboard");
    await expect(entries).toHaveCount(1);
    await entries.first().focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("question")).toHaveText(["Keyboard three about parking"]);
  });
});

test.describe("a chat-only user", () => {
  test.use({ baseURL: PROTECTED_URL });

  test("sees the chat alone, an empty state for their role, and a reason on admin pages", async ({ page }) => {
    const failed: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 401 || r.status() === 403) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto("/login");
    await page.getByLabel("Access token").fill(CHAT_TOKEN);
    await page.getByRole("button", { name: /Sign in/ }).click();
    const chat = new ChatPage(page);
    await expect(chat.questionBox()).toBeVisible();
    await expect(chat.questionBox()).toBeFocused();

    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Chat"]);
    // Other suites may have shared documents on this instance by now: then the chat offers examples instead.
    const collections = (await (await page.request.get("/v1/collections")).json()) as { file_count: number }[];
    if (!collections.some((c) => c.file_count > 0)) {
      await expect(page.getByText("There are no documents yet")).toContainText("An administrator adds them");
    }
    await expect(page.getByRole("link", { name: /Create a collection/ })).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(failed).toEqual([]);

    // A chat user rates their own answers (the feedback API is theirs; reading all of it is not).
    await chat.ask("Is there anything about parking?");
    await chat.waitForAnswer();
    await chat.answerActions().getByRole("button", { name: "Good answer" }).click();
    await expect(chat.answerActions().getByRole("status")).toContainText("rating is saved");
    expect((await page.request.get("/api/feedback")).status()).toBe(401);
    failed.length = 0;

    await page.goto("/collections");
    await expect(page.getByRole("heading", { name: "Administrators only", level: 1 })).toBeVisible();
    await expect(page.getByTestId("admin-only-note")).toContainText("/collections");
    await page.getByRole("link", { name: "Back to the chat" }).click();
    await expect(chat.questionBox()).toBeVisible();
  });

  test("picks among the remote ERI sources an admin shared, and only those", async ({ page }) => {
    const admin = await newRequest.newContext({ baseURL: PROTECTED_URL, extraHTTPHeaders: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    const source = (name: string, sharedWithUsers: boolean) =>
      admin
        .post("/api/eri/sources", { data: { name, baseUrl: "http://127.0.0.1:9", authMethod: "NONE", sharedWithUsers } })
        .then(async (r) => ((await r.json()) as { id: string }).id);
    const ids = [await source("Shared wiki", true), await source("Admins' archive", false)];
    try {
      await page.goto("/login");
      await page.getByLabel("Access token").fill(CHAT_TOKEN);
      await page.getByRole("button", { name: /Sign in/ }).click();
      const chat = new ChatPage(page);
      await expect(chat.questionBox()).toBeVisible();
      await page.getByRole("button", { name: /Search in:/ }).click();
      const remote = page.getByRole("group", { name: "Remote sources" });
      await expect(remote.getByRole("checkbox")).toHaveCount(1);
      await remote.getByLabel("Shared wiki").check();
      await expect(remote.getByLabel("Shared wiki")).toBeChecked();
      await expect(page.getByText("Admins' archive")).toHaveCount(0);
    } finally {
      for (const id of ids) await admin.delete(`/api/eri/sources/${id}`);
      await admin.dispose();
    }
  });
});

test.describe("navigation on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every page an admin may open is in the menu, none hidden off the edge", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Menu" }).click();
    await expect(nav.getByRole("link")).toHaveText(["Chat", "Collections", "Integrations", "Settings", "Polymath"]);
    for (const link of await nav.getByRole("link").all()) await expect(link).toBeInViewport();
    await nav.getByRole("link", { name: "Polymath" }).click();
    await expect(page).toHaveURL(/\/settings\/polymath$/);
    await expect(nav.getByRole("link")).toHaveCount(0); // the menu closed on the way
  });
});
