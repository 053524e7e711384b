import { expect, type Page } from "@playwright/test";

/** /settings/model: the OpenAI-compatible server, its connection test and the model choice. */
export class ModelSettingsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/settings/model");
    await expect(this.page.getByRole("heading", { name: "Model", level: 1 })).toBeVisible();
  }

  inUse() {
    return this.page.getByTestId("model-in-use");
  }

  async connect(baseUrl: string, apiKey: string) {
    await this.page.getByLabel("OpenAI-compatible").check();
    await this.page.getByLabel("Server base URL").fill(baseUrl);
    await this.page.getByLabel("API key", { exact: true }).fill(apiKey);
    await this.page.getByRole("button", { name: "Test connection" }).click();
  }

  async chooseAndSave(chatModel: string, embeddingModel?: string) {
    await this.page.getByLabel("Chat model").fill(chatModel);
    if (embeddingModel) await this.page.getByLabel("Embedding model").fill(embeddingModel);
    await this.page.getByRole("button", { name: "Save" }).click();
    await expect(this.page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  }

  /** The collection's row in "Collections to re-embed" (absent once it is re-embedded). */
  reembedRow(collection: string) {
    return this.page.getByTestId("reembed-row").filter({ has: this.page.getByText(collection, { exact: true }) });
  }

  async reembed(collection: string) {
    await this.reembedRow(collection).getByRole("button", { name: "Re-embed" }).click();
  }
}
