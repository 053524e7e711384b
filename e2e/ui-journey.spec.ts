import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ChatPage } from "./pages/chat-page";
import { CollectionPage } from "./pages/collection-page";
import { CollectionsPage } from "./pages/collections-page";
import { brokenPdf, makePdf } from "./pages/test-files";

/**
 * The whole path a new user takes, in the production build, offline (no language model:
 * answers are extractive, follow-ups come from section headings).
 */
test("new user: upload documents, ask, check a citation, follow up, find the chat, clean up", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const shell = new AppShell(page);
  const collections = new CollectionsPage(page);
  const collection = new CollectionPage(page);
  const chat = new ChatPage(page);
  // Hydration mismatches and uncaught errors surface as console errors: there should be none.
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  page.on("response", (r) => {
    if (r.status() >= 400) consoleErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });

  const travel = await makePdf("travel_policy.pdf", [
    [
      "Travel Policy",
      "This policy explains how employees book and pay for business travel.",
      "Managers approve every trip before it is booked.",
    ],
    [
      "Hotel Allowance",
      "Employees may spend up to 180 euros per night on hotels in Zurich.",
      "In other cities the hotel limit per night is 120 euros.",
      "Receipts must be attached to the expense report within ten days.",
    ],
    ["Meal Allowance", "The daily meal allowance for business trips is 45 euros.", "Alcohol is never reimbursed."],
  ]);
  const security = await makePdf("security_handbook.pdf", [
    [
      "Badge Access",
      "Every employee wears a visible badge inside the office building.",
      "Lost badges are reported to reception on the same day.",
    ],
    ["Password Rotation", "Passwords must be changed every 90 days and never reused.", "Use a password manager for all work accounts."],
  ]);

  await test.step("create a collection", async () => {
    await collections.goto();
    await shell.screenshot("01-collections-empty");
    await collections.create("handbook", "Company travel and security rules");
    await collections.open("handbook");
  });

  await test.step("drop two PDFs and a broken file, watch the job", async () => {
    await collection.dropFiles([travel, security, brokenPdf()]);
    await expect(collection.jobs()).toHaveCount(1);
    await expect(collection.jobFile("travel_policy.pdf")).toBeVisible();
    await expect(collection.jobFile("broken.pdf")).toBeVisible();
    await shell.screenshot("02-collection-ingesting");
    await expect(collection.jobs().first()).toHaveAttribute("data-job-status", /completed|failed/, { timeout: 90_000 });
    await expect(collection.jobFile("travel_policy.pdf")).toHaveAttribute("data-status", "success");
    await expect(collection.jobFile("security_handbook.pdf")).toHaveAttribute("data-status", "success");
    await expect(collection.jobFile("broken.pdf")).toHaveAttribute("data-status", "failed");
    // The files table updates without a reload; the broken file carries its error message.
    await collection.expectFileStatus("travel_policy.pdf", "success");
    await collection.expectFileStatus("security_handbook.pdf", "success");
    await collection.expectFileStatus("broken.pdf", "failed");
    await expect(collection.fileRow("broken.pdf")).toContainText(/damaged|not a PDF|could not be read|invalid/i);
    await shell.screenshot("03-collection-done");
  });

  await test.step("ask a question: the answer streams with citations", async () => {
    await shell.nav("Chat").click();
    await chat.selectCollection("handbook");
    await expect(page.getByRole("heading", { name: "Try asking" })).toBeVisible();
    await shell.screenshot("04-chat-empty");
    const streamed = page.waitForResponse((r) => r.url().endsWith("/api/chat/stream"));
    await chat.ask("How much may employees spend per night on hotels in Zurich?");
    const response = await streamed;
    expect(response.headers()["content-type"]).toContain("json-lines");
    // The page consumes the stream itself (DevTools may drop a streamed body), so check the wire
    // format with the same request sent again.
    const again = await page.request.post("/api/chat/stream", { data: JSON.parse(response.request().postData() ?? "{}") });
    const lines = (await again.text())
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines[0].delta.role).toBe("assistant");
    expect(lines.some((l) => typeof l.delta?.content === "string" && l.delta.content.length > 0)).toBe(true);
    await page.request.delete(`/api/history/${lines[0].sessionState}`); // only the UI's chat stays in history
    await chat.waitForAnswer();
    await expect(chat.lastAnswer()).toContainText("180 euros");
    await expect(page.getByTestId("extractive-label").last()).toContainText("Extractive answer");
    await expect(chat.citationLinks().first()).toHaveAccessibleName(/travel_policy\.pdf#page=2/);
    await shell.screenshot("05-chat-answer");
  });

  await test.step("open a citation: the cited PDF page is shown", async () => {
    await chat.openCitation(0);
    await expect(chat.pdfPage()).toHaveAttribute("data-page", "2");
    await expect(chat.pdfPage()).toHaveAttribute("data-state", "ready");
    // The sentence the answer quotes is found on the page and marked.
    await expect(chat.pdfPage()).toContainText("Page 2 of 3 · cited passage marked in yellow");
    // The canvas holds a drawn page (dark text pixels on white), not an empty box.
    const inkRatio = await chat
      .pdfPage()
      .locator("canvas")
      .evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
        let ink = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 1] < 128 && data[i + 2] < 128) ink++;
        return ink / (data.length / 4);
      });
    expect(inkRatio).toBeGreaterThan(0.001);
    await expect(chat.panel().getByRole("region", { name: "Cited passage" })).toContainText("180 euros per night");
    await shell.screenshot("06-chat-citation");

    await chat.panel().getByRole("tab", { name: "Thought process" }).click();
    await expect(chat.panel().getByTestId("thoughts")).toContainText("Search results");
    await shell.screenshot("07-chat-thought-process");
    await chat.panel().getByRole("tab", { name: "Supporting content" }).click();
    await expect(chat.panel().getByTestId("supporting-content")).toContainText("travel_policy.pdf#page=2");
    await chat.panel().getByRole("button", { name: "Close answer details" }).click();
    await expect(chat.panel()).toHaveCount(0);
  });

  let followup = "";
  await test.step("click a follow-up question and get a second answer", async () => {
    await expect(chat.followups().first()).toBeVisible();
    followup = (await chat.followups().first().textContent()) ?? "";
    await chat.followups().first().click();
    await expect(chat.turns()).toHaveCount(2);
    await expect(page.getByTestId("question").nth(1)).toHaveText(followup);
    await chat.waitForAnswer();
    await expect(chat.lastAnswer()).not.toBeEmpty();
    await expect(chat.citationLinks().first()).toBeVisible();
    await shell.screenshot("08-chat-followup");
  });

  await test.step("find the chat in history and reopen it", async () => {
    // Titled after its first question (other tests' chats may be listed too).
    await expect(chat.history().filter({ hasText: "How much may employees spend" })).toHaveCount(1);
    await chat.newChat();
    await expect(chat.turns()).toHaveCount(0);
    await chat.openFromHistory(/^How much may employees/);
    await expect(chat.turns()).toHaveCount(2);
    await expect(page.getByTestId("question").nth(1)).toHaveText(followup);
    await expect(chat.citationLinks().first()).toBeVisible();
  });

  await test.step("a compound question with typos: both parts answered, the correction shown", async () => {
    await chat.ask("What is the dayly meal alowance, and how often must passwords be changed?");
    await chat.waitForAnswer();
    await expect(page.getByTestId("spelling-note").last()).toHaveText(
      "Searched for daily instead of dayly, allowance instead of alowance.",
    );
    await expect(chat.lastAnswer()).toContainText("45 euros");
    await expect(chat.lastAnswer()).toContainText("every 90 days");
    await shell.screenshot("09-chat-compound-typos");
  });

  await test.step("delete a file, then the collection", async () => {
    await shell.nav("Collections").click();
    await collections.open("handbook");
    await collection.deleteFiles(["security_handbook.pdf"]);
    await expect(collection.fileRow("travel_policy.pdf")).toBeVisible();
    await shell.nav("Collections").click();
    await collections.delete("handbook");
    await shell.screenshot("10-collections-after-delete");
  });
  await testInfo.attach("console-errors.json", { body: JSON.stringify(consoleErrors, null, 2), contentType: "application/json" });
  expect(consoleErrors).toEqual([]);
});
