import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { CollectionPage } from "./pages/collection-page";

/**
 * Polymath: the home page advertises the host; a collection is exported from its page, tagged,
 * published on the settings screen; a token created there sees the tagged file's bits.
 */

const COLLECTION = "polymath_e2e";
const NOTES = "Office Notes\n\nThe parking garage opens at seven in the morning. Visitors sign in at the front desk.";

test.describe.serial("Polymath", () => {
  test("the home page advertises the library host", async ({ page, request }) => {
    const home = await request.get("/");
    expect(home.headers()["link"]).toBe("</api/polymath>; rel=polymath");
    await page.goto("/");
    await expect(page.locator('link[rel="polymath"]')).toHaveAttribute("href", "/api/polymath");
    const described = await (await request.get("/api/polymath")).json();
    expect(described).toMatchObject({ version: 1, embedding_models: [] });
  });

  test("a collection page exports a library file and tags a file", async ({ page, request }) => {
    expect((await request.post("/v1/collections", { data: { name: COLLECTION, description: "Polymath e2e" } })).status()).toBe(201);
    const collection = new CollectionPage(page);
    await collection.goto(COLLECTION);
    await collection.dropFiles([{ name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from(NOTES) }]);
    await collection.expectFileStatus("notes.md", "success");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export library" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${COLLECTION}.polymath.json`);
    const library = JSON.parse((await (await file.createReadStream()).toArray()).join(""));
    expect(library).toMatchObject({ version: 1, embedding_model: "docchat:local-hash-v1" });
    expect(library.bits[0].text).toContain("parking garage");

    await collection.fileRow("notes.md").getByRole("button", { name: "Edit access tag of notes.md" }).click();
    await collection.fileRow("notes.md").getByLabel("Access tag of notes.md").fill("staff");
    await collection.fileRow("notes.md").getByRole("button", { name: "Save" }).click();
    await expect(collection.fileRow("notes.md")).toContainText("staff");
  });

  test("the settings screen publishes the collection and creates a token that sees tagged bits", async ({ page, request }, testInfo) => {
    const shell = new AppShell(page);
    await page.goto("/settings/polymath");
    await expect(page.getByRole("heading", { level: 1, name: "Polymath settings" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Polymath", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("polymath-endpoint")).toHaveText(/\/api\/polymath$/);

    await page.getByRole("checkbox", { name: new RegExp(COLLECTION) }).check();
    await page.getByRole("checkbox", { name: /Report how many bits were withheld/ }).check();
    await page.getByRole("button", { name: "Save host settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    const form = page.getByRole("form", { name: "Create an access token" });
    await form.getByLabel("Token name").fill("Front desk");
    await form.getByLabel("Access tags it grants").fill("staff");
    await form.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByTestId("new-access-token").textContent())!.trim();
    expect(token).toMatch(/^pm_/);
    await expect(page.getByRole("listitem", { name: "Access token Front desk" })).toContainText("staff");

    for (const theme of ["light", "dark"] as const) {
      await shell.setTheme(theme);
      await shell.expectNoSeriousA11yViolations(testInfo, `polymath-settings-${theme}`);
      await shell.screenshot(`polymath-settings-${theme}`);
    }
    await shell.setTheme("light");

    const ask = (extra: Record<string, string>) =>
      request
        .post("/api/polymath", { form: { version: "1", query: "When does the parking garage open?", ...extra } })
        .then((r) => r.json());
    const withheld = await ask({});
    expect(withheld.bits).toEqual([]);
    expect(withheld.details.counts).toEqual({ bits: 0, restricted: 1 });
    const granted = await ask({ access_token: token });
    expect(granted.bits[0].text).toContain("parking garage opens at seven");
    expect(granted.bits[0].info.url).toMatch(/\/v1\/collections\/polymath_e2e\/documents\/.+\/content$/);

    await page.getByRole("listitem", { name: "Access token Front desk" }).getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("button", { name: "Revoke token" }).click();
    await expect(page.getByText("No access tokens.")).toBeVisible();
    // As the reference host: a token it no longer knows grants nothing; the public bits are answered.
    const revoked = await ask({ access_token: token });
    expect(revoked.error).toBeUndefined();
    expect(revoked.details.counts).toEqual({ bits: 0, restricted: 1 });
  });

  test("an oversized body is refused with {error}, the key Polymath clients read", async ({ request }) => {
    const response = await request.post("/api/polymath", { form: { version: "1", query: "x".repeat(1024 * 1024 + 10) } });
    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/too large/) });
  });
});
