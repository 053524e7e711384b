import { expect, type Page } from "@playwright/test";

/** /collections: the table of collections and the "New collection" form. */
export class CollectionsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/collections");
    await expect(this.page.getByRole("heading", { name: "Collections", level: 1 })).toBeVisible();
  }

  nameInput() {
    return this.page.getByLabel("Name", { exact: true });
  }

  nameHint() {
    return this.page.locator("[id$='-name-hint']");
  }

  createButton() {
    return this.page.getByRole("button", { name: "Create collection" });
  }

  row(name: string) {
    return this.page.locator(`tr[data-collection="${name}"]`);
  }

  async create(name: string, description = "") {
    await this.nameInput().fill(name);
    if (description) await this.page.getByLabel(/Description/).fill(description);
    await this.createButton().click();
    // A new collection opens at once: its page is where files are added.
    await expect(this.page).toHaveURL(new RegExp(`/collections/${name}$`));
    await expect(this.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  }

  /** From the list (or already there, as after create). */
  async open(name: string) {
    if (!new URL(this.page.url()).pathname.endsWith(`/collections/${name}`)) await this.row(name).getByRole("link", { name }).click();
    await expect(this.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  }

  async delete(name: string) {
    await this.row(name)
      .getByRole("button", { name: `Delete collection ${name}` })
      .click();
    const dialog = this.page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete collection" }).click();
    await expect(this.row(name)).toHaveCount(0);
  }
}
