import { expect, type Page } from "@playwright/test";
import type { TestFile } from "./test-files";

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

  /** Drops files the way a browser does: a DataTransfer carried by dragenter/dragover/drop. */
  async dropFiles(files: TestFile[]) {
    const payload = files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString("base64") }));
    const dataTransfer = await this.page.evaluateHandle((items) => {
      const dt = new DataTransfer();
      for (const item of items) {
        const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], item.name, { type: item.mimeType }));
      }
      return dt;
    }, payload);
    for (const type of ["dragenter", "dragover", "drop"]) await this.dropzone().dispatchEvent(type, { dataTransfer });
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
