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
    await this.page.getByLabel("Server base URL").fill(baseUrl);
    await this.page.getByLabel("API key").fill(apiKey);
    await this.page.getByRole("button", { name: "Test connection" }).click();
  }

  async chooseAndSave(chatModel: string) {
    await this.page.getByLabel("Chat model").fill(chatModel);
    await this.page.getByRole("button", { name: "Save" }).click();
    await expect(this.page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  }
}
