import { expect, type Page } from "@playwright/test";
import { dropFilesOn, type TestFile } from "./test-files";

/** /collections/[name]: drop zone, ingestion jobs and the files table. */
export class CollectionPage {
  constructor(readonly page: Page) {}

  async goto(name: string) {
    await this.page.goto(`/collections/${name}`);
    await expect(this.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  }

  dropzone() {
    return this.page.getByTestId("dropzone");
  }

  async dropFiles(files: TestFile[]) {
    await dropFilesOn(this.dropzone(), files);
  }

  jobs() {
    return this.page.getByTestId("job");
  }

  jobFile(fileName: string) {
    return this.page.locator(`[data-testid="job-file"][data-file-name="${fileName}"]`);
  }

  fileRow(fileName: string) {
    return this.page.locator(`[data-testid="file-row"][data-file-name="${fileName}"]`);
  }

  /** How far the files table reaches past its box (0: every column is in view). */
  filesTableOverflow() {
    return this.page
      .locator("table")
      .first()
      .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
  }

  async expectFileStatus(fileName: string, status: "success" | "failed", timeout = 60_000) {
    await expect(this.fileRow(fileName)).toHaveAttribute("data-status", status, { timeout });
  }

  async deleteFiles(fileNames: string[]) {
    for (const name of fileNames) await this.fileRow(name).getByRole("checkbox").check();
    await this.page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = this.page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete files" }).click();
    for (const name of fileNames) await expect(this.fileRow(name)).toHaveCount(0);
  }
}
