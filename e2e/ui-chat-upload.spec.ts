import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ChatPage } from "./pages/chat-page";
import { markdownFile, seedCollection } from "./pages/seed";
import { brokenPdf } from "./pages/test-files";

const LOCKERS = ["# Lockers", "", "Bike lockers are behind building C; the key is at the front desk.", ""].join("\n");
const BADGES = ["# Badges", "", "Lost badges are replaced by security on the ground floor for a fee of 15 euros.", ""].join("\n");

/** Files dropped on the chat go into a collection, with upload progress, per-file errors and the ingestion job inline. */
test.describe("upload from the chat", () => {
  test("a drop goes to the picked collection; refused and failed files say why; the answer cites the new file", async ({ page }) => {
    await seedCollection(page.request, "dropped", [markdownFile("seed.md", "# Seed\n\nNothing about lockers here.\n")]);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.selectCollection("dropped");
    await chat.dropFiles([
      markdownFile("lockers.md", LOCKERS),
      brokenPdf("broken.pdf"),
      { name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
    ]);

    await expect(chat.uploads().getByRole("alert").filter({ hasText: "Not uploaded" })).toContainText("tool.exe");
    const job = chat.uploads().getByTestId("job");
    await expect(job).toHaveAttribute("data-job-status", /completed|failed/, { timeout: 60_000 });
    await expect(job.locator('[data-testid="job-file"][data-file-name="lockers.md"]')).toHaveAttribute("data-status", "success");
    const broken = job.locator('[data-testid="job-file"][data-file-name="broken.pdf"]');
    await expect(broken).toHaveAttribute("data-status", "failed");
    await expect(broken).not.toHaveText(/^broken\.pdf\s*failed\s*$/); // an error message, not just the status
    await new AppShell(page).screenshot("chat-upload", { fullPage: false });

    await chat.ask("Where are the bike lockers?");
    await chat.waitForAnswer();
    await expect(chat.lastAnswer()).toContainText("building C");
    await expect(chat.citationLinks().first()).toHaveAccessibleName("Citation 1: lockers.md");
  });

  test("with several collections and none picked, the chat asks where the files go", async ({ page }) => {
    await seedCollection(page.request, "dropped", [markdownFile("seed.md", "# Seed\n\nNothing about lockers here.\n")]);
    await seedCollection(page.request, "other_drop", [markdownFile("other.md", "# Other\n\nSomething else.\n")]);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.dropFiles([markdownFile("badges.md", BADGES)]);
    const form = chat.uploads().getByRole("combobox", { name: /Add “badges\.md” to/ });
    await form.selectOption("other_drop");
    await chat.uploads().getByRole("button", { name: "Upload" }).click();
    const job = chat.uploads().getByTestId("job");
    await expect(job.getByTestId("job-file")).toHaveAttribute("data-status", "success", { timeout: 60_000 });
    const files = (await (await page.request.get("/v1/collections/other_drop/documents")).json()) as { file_name: string }[];
    expect(files.map((f) => f.file_name)).toContain("badges.md");
  });
});
