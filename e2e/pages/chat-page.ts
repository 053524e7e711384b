import { expect, type Page } from "@playwright/test";
import { dropFilesOn, type TestFile } from "./test-files";

/** / : the chat with its history, collection picker, settings and answer details panel. */
export class ChatPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/");
    await expect(this.questionBox()).toBeVisible();
  }

  questionBox() {
    return this.page.getByLabel("Ask a question about your documents");
  }

  turns() {
    return this.page.getByTestId("turn");
  }

  lastAnswer() {
    return this.page.getByTestId("answer").last();
  }

  async ask(question: string) {
    await this.questionBox().fill(question);
    await this.page.getByRole("button", { name: "Send question" }).click();
  }

  /** Waits for the last answer to finish streaming. */
  async waitForAnswer(timeout = 30_000) {
    await expect(this.turns().last()).toHaveAttribute("data-status", "done", { timeout });
  }

  /** Drops files on the conversation (they go to the chat's collection). */
  async dropFiles(files: TestFile[]) {
    await dropFilesOn(this.page.getByRole("region", { name: "Chat" }), files);
  }

  uploads() {
    return this.page.getByTestId("chat-uploads");
  }

  /** Copy, regenerate, the answers to choose between and thumbs, under the last answer. */
  answerActions() {
    return this.lastAnswer().getByTestId("answer-actions");
  }

  /** The superscript citation links of the last answer. */
  citationLinks() {
    return this.lastAnswer().getByRole("button", { name: /^Citation \d+:/ });
  }

  async openCitation(index = 0) {
    await this.citationLinks().nth(index).click();
    await expect(this.panel()).toBeVisible();
    await expect(this.panel().getByRole("tab", { name: "Citation" })).toHaveAttribute("aria-selected", "true");
  }

  panel() {
    return this.page.getByTestId("analysis-panel");
  }

  pdfPage() {
    return this.panel().getByTestId("pdf-page");
  }

  followups() {
    return this.page.getByRole("navigation", { name: "Follow-up questions" }).getByRole("button");
  }

  async selectCollection(name: string) {
    await this.page.getByRole("button", { name: /Search in:/ }).click();
    await this.page.getByRole("checkbox", { name }).check();
    await this.page.keyboard.press("Escape");
  }

  history() {
    return this.page.getByRole("complementary", { name: "Chat history" }).getByTestId("history-item");
  }

  /** The button that opens each past chat (the list's arrow-key stops). */
  historyEntries() {
    return this.history().locator("[data-roving$=':0']");
  }

  async searchHistory(text: string) {
    await this.page.getByRole("complementary", { name: "Chat history" }).getByLabel("Search chats").fill(text);
  }

  /** Asks through the chat API, as another tab would: makes history entries without driving the page. */
  async seedChat(question: string) {
    const response = await this.page.request.post("/api/chat", { data: { messages: [{ role: "user", content: question }] } });
    expect(response.ok()).toBe(true);
  }

  /** The history's "New chat" (the toolbar's is "Start a new chat"). */
  async newChat() {
    await this.page.getByRole("button", { name: "New chat", exact: true }).click();
  }

  async openFromHistory(title: RegExp) {
    await this.history().getByRole("button", { name: title }).click();
  }

  async openSettings() {
    await this.page.getByRole("button", { name: "Chat settings" }).click();
    await expect(this.page.getByRole("dialog", { name: "Chat settings" })).toBeVisible();
  }
}
