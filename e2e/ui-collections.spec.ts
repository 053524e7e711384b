import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { CollectionPage } from "./pages/collection-page";
import { CollectionsPage } from "./pages/collections-page";
import { markdownFile, seedCollection } from "./pages/seed";
import { brokenPdf, makePdf } from "./pages/test-files";

test.describe("collections admin", () => {
  test("the files table fits a 1366 px screen and a phone", async ({ page, request }) => {
    const words = "Employees receive twenty days of paid vacation and a stipend for home office equipment every year. ".repeat(12);
    await seedCollection(request, "wide_files", [
      markdownFile("employee_handbook_2026_final_version_with_appendices.md", `# Handbook\n\n${words}`),
    ]);
    const shell = new AppShell(page);
    const collection = new CollectionPage(page);
    for (const [name, viewport] of [
      ["desktop-1366", { width: 1366, height: 768 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await collection.goto("wide_files");
      await expect(page.getByTestId("file-row")).toHaveCount(1);
      expect(await collection.filesTableOverflow()).toBeLessThanOrEqual(0);
      await page.getByRole("heading", { name: "Files", exact: true }).scrollIntoViewIfNeeded();
      await shell.screenshot(`collection-files-${name}`, { fullPage: false });
    }
    await request.delete("/v1/collections/wide_files");
  });

  test("names are checked as they are typed", async ({ page }) => {
    const collections = new CollectionsPage(page);
    await collections.goto();
    await collections.nameInput().fill("Bad Name");
    await expect(collections.nameHint()).toHaveText("Use lowercase letters only.");
    await expect(collections.createButton()).toBeDisabled();
    await collections.nameInput().fill("1abc");
    await expect(collections.nameHint()).toHaveText("Start the name with a letter.");
    await collections.nameInput().fill("abc-def");
    await expect(collections.nameHint()).toHaveText(/“-” is not allowed/);
    await collections.nameInput().fill("names_ok_1");
    await expect(collections.createButton()).toBeEnabled();
    await collections.create("names_ok_1");
    await collections.goto();
    await collections.nameInput().fill("names_ok_1");
    await expect(collections.nameHint()).toHaveText(/already exists/);
    await collections.delete("names_ok_1");
  });

  test("unsupported files are refused before upload; running jobs survive navigation", async ({ page }) => {
    const shell = new AppShell(page);
    const collections = new CollectionsPage(page);
    const collection = new CollectionPage(page);
    await collections.goto();
    await collections.create("nav_check");
    await collections.open("nav_check");

    await collection.dropFiles([{ name: "slides.ppt", mimeType: "application/vnd.ms-powerpoint", buffer: Buffer.from("x") }]);
    await expect(page.getByRole("alert").filter({ hasText: "slides.ppt" })).toContainText(".ppt files are not supported");

    const big = await makePdf(
      "long.pdf",
      Array.from({ length: 40 }, (_, p) =>
        Array.from({ length: 30 }, (_, l) => `Line ${l} of page ${p + 1}: the quick brown fox jumps over the lazy dog.`),
      ),
    );
    // Hold the job "processing" (whatever the worker does) so navigating away is sure to happen mid-job.
    const statusUrl = "**/v1/documents/*/status";
    await page.route(statusUrl, async (route) => {
      const response = await route.fetch();
      const job = await response.json();
      await route.fulfill({ response, json: { ...job, status: "processing", is_terminal: false, is_success: false } });
    });
    await collection.dropFiles([big, brokenPdf("second_broken.pdf")]);
    await expect(collection.jobs()).toHaveCount(1);
    const jobId = await collection.jobs().getAttribute("data-job-id");
    await expect(collection.jobs()).toHaveAttribute("data-job-status", "processing");

    await shell.nav("Collections").click();
    await expect(page.getByRole("heading", { name: "Collections", level: 1 })).toBeVisible();
    await collections.open("nav_check");
    await expect(collection.jobs()).toHaveAttribute("data-job-id", jobId!);

    // Let the real status through: the job ends, files show their final state without a reload.
    await page.unroute(statusUrl);
    await expect(collection.jobs()).toHaveAttribute("data-job-status", "completed", { timeout: 60_000 });
    await collection.expectFileStatus("long.pdf", "success");
    await collection.expectFileStatus("second_broken.pdf", "failed");
    await collections.goto();
    await collections.delete("nav_check");
  });

  test("an upload shows its progress bar, then hands over to the job", async ({ page }) => {
    const collections = new CollectionsPage(page);
    const collection = new CollectionPage(page);
    await collections.goto();
    await collections.create("upload_check");
    await collections.open("upload_check");
    const pdf = await makePdf(
      "slow_upload.pdf",
      Array.from({ length: 30 }, (_, p) =>
        Array.from({ length: 30 }, (_, l) => `Line ${l} of page ${p + 1} with some words to make the file larger.`),
      ),
    );
    // Throttle the upload so the progress bar is on screen long enough to see.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: Math.round(pdf.buffer.length / 4), // bytes per second: about 4 s
    });
    await collection.dropFiles([pdf]);
    const bar = page.getByRole("progressbar", { name: "Upload of slow_upload.pdf" });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: "test-results/screenshots/collection-uploading.png" });
    await expect(bar).toHaveCount(0, { timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(collection.jobs()).toHaveCount(1);
    await collection.expectFileStatus("slow_upload.pdf", "success");
    await collections.goto();
    await collections.delete("upload_check");
  });
});
