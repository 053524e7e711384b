import { expect, test } from "@playwright/test";
import { startFakeOpenAI, type FakeOpenAI } from "../tests/helpers/fake-openai";
import { AppShell } from "./pages/app-shell";
import { ChatPage } from "./pages/chat-page";
import { ModelSettingsPage } from "./pages/model-settings-page";
import { markdownFile, seedCollection } from "./pages/seed";

const GARAGE = ["# Parking", "", "Visitors park in the west garage; the first two hours are free.", ""].join("\n");

/** A new user switches a model on from the app and gets a streamed model answer with citations (a local OpenAI-compatible server). */
test.describe("Settings → Model", () => {
  let fake: FakeOpenAI;
  test.beforeAll(async ({ request }) => {
    fake = await startFakeOpenAI();
    await seedCollection(request, "modelled", [markdownFile("garage.md", GARAGE)]);
  });
  test.afterAll(async ({ request }) => {
    // The other suites expect the offline answers of this instance.
    await request.put("/api/settings/model", { data: { base_url: "", api_key: "", chat_model: "", embedding_model: "" } });
    // Embedded by the mock server now: without it, searching every collection would report this one.
    await request.delete("/v1/collections/modelled");
    await fake.close();
  });

  test("connect, list the models, save; the chat then streams the model's answer with citations", async ({ page }, testInfo) => {
    const settings = new ModelSettingsPage(page);
    const shell = new AppShell(page);
    await settings.goto();
    await expect(settings.inUse()).toContainText("Extractive");

    await settings.connect("http://127.0.0.1:9/v1", "sk-e2e");
    await expect(page.getByRole("status").filter({ hasText: "cannot be reached" })).toBeVisible();
    await settings.connect(fake.url, "sk-e2e");
    await expect(page.getByRole("status").filter({ hasText: "Connected: 2 models found." })).toBeVisible();
    expect(fake.requests.at(-1)).toMatchObject({ path: "/v1/models", authorization: "Bearer sk-e2e" });
    await settings.chooseAndSave("fake-chat");
    await expect(settings.inUse()).toContainText(`fake-chat at ${fake.url}`);
    await expect(page.getByLabel("API key")).toHaveValue("");
    await shell.screenshot("settings-model");
    await shell.expectNoSeriousA11yViolations(testInfo, "settings-model");
    await shell.setTheme("dark");
    await shell.expectNoSeriousA11yViolations(testInfo, "settings-model-dark");
    await shell.screenshot("settings-model-dark", { fullPage: false });
    await shell.setTheme("light");

    fake.script.push({ kind: "stream", chunks: ["Visitors park in the ", "west garage ", "[garage.md]."] });
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.selectCollection("modelled");
    await chat.ask("Where do visitors park?");
    await chat.waitForAnswer();
    await expect(chat.lastAnswer()).toContainText("Visitors park in the west garage");
    await expect(chat.citationLinks().first()).toHaveAccessibleName("Citation 1: garage.md");
    await expect(page.getByTestId("extractive-label")).toHaveCount(0);
    const asked = fake.requests.filter((r) => r.path === "/v1/chat/completions").at(-1);
    expect(asked?.body).toMatchObject({ model: "fake-chat", stream: true });
    expect(asked?.authorization).toBe("Bearer sk-e2e");
  });

  test("Azure OpenAI: endpoint, API version and key; the connection test sends the api-key header", async ({ page }, testInfo) => {
    const settings = new ModelSettingsPage(page);
    await settings.goto();
    const endpoint = fake.url.replace(/\/v1$/, "");
    await page.getByLabel("Azure OpenAI").check();
    await page.getByLabel("Azure endpoint").fill(endpoint);
    await page.getByLabel("API version", { exact: true }).fill("2024-10-21");
    await page.getByLabel("API key", { exact: true }).fill("az-e2e");
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Connected: 2 models found." })).toBeVisible();
    expect(fake.requests.at(-1)).toMatchObject({ path: "/openai/models?api-version=2024-10-21", apiKey: "az-e2e" });
    await page.getByLabel("Chat deployment").fill("fake-chat");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(settings.inUse()).toContainText(`fake-chat at ${endpoint}`);
    await new AppShell(page).expectNoSeriousA11yViolations(testInfo, "settings-model-azure");
    // Back to the OpenAI-compatible server.
    await settings.connect(fake.url, "sk-e2e");
    await settings.chooseAndSave("fake-chat");
    await expect(settings.inUse()).toContainText(`fake-chat at ${fake.url}`);
  });

  test("a new embedding model: the collection is re-embedded as a job, and answers still cite it", async ({ page, request }, testInfo) => {
    const settings = new ModelSettingsPage(page);
    const shell = new AppShell(page);
    await settings.goto();
    await settings.connect(fake.url, "sk-e2e");
    await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
    await settings.chooseAndSave("fake-chat", "fake-embed");
    await expect(settings.reembedRow("modelled")).toContainText("local-hash-v1");
    await shell.expectNoSeriousA11yViolations(testInfo, "settings-model-reembed");
    await settings.reembed("modelled");
    await expect(settings.reembedRow("modelled")).toHaveCount(0, { timeout: 20_000 });
    expect(fake.requests.filter((r) => r.path === "/v1/embeddings").length).toBeGreaterThan(0);
    const info = (await (await request.get("/v1/collections/modelled")).json()) as { metadata: { embedding_model: string } };
    expect(info.metadata.embedding_model).toBe("fake-embed");

    const embedded = fake.requests.filter((r) => r.path === "/v1/embeddings").length;
    fake.script.push({ kind: "stream", chunks: ["The first two hours are free ", "[garage.md]."] });
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.selectCollection("modelled");
    await chat.ask("How long is parking free?");
    await chat.waitForAnswer();
    await expect(chat.citationLinks().first()).toHaveAccessibleName("Citation 1: garage.md");
    // The question itself is embedded by the server now.
    expect(fake.requests.filter((r) => r.path === "/v1/embeddings").length).toBeGreaterThan(embedded);
  });
});
