import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";

/** The Integrations page: the Copilot plugin's addresses, its validation, and the app package download. */
const COLLECTION = "copilot_e2e";

test.describe("integrations page", () => {
  test("shows the Copilot addresses, a valid manifest, publishes a collection and downloads the package", async ({ page, baseURL }) => {
    expect((await page.request.post("/v1/collections", { data: { name: COLLECTION, description: "Copilot e2e" } })).status()).toBe(201);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Integrations", exact: true });
    await nav.click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(nav).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Microsoft 365 Copilot" })).toBeVisible();

    const status = page.getByTestId("manifest-status");
    await expect(status).toHaveAttribute("data-valid", "true");
    await expect(status).toContainText("currently validates");
    await expect(page.getByTestId("url-manifest")).toHaveText(`${baseURL}/api/copilot/ai-plugin.json`);
    await expect(page.getByTestId("url-openapi")).toHaveText(`${baseURL}/api/copilot/openapi.json`);
    await expect(page.getByTestId("url-search")).toHaveText(`${baseURL}/api/copilot/search`);
    // Served over plain http on a local address: the page says Microsoft 365 cannot reach it.
    await expect(page.getByRole("note")).toContainText("PUBLIC_BASE_URL");

    const manifest = await page.request.get("/api/copilot/ai-plugin.json");
    expect(manifest.ok()).toBe(true);
    expect((await manifest.json()).schema_version).toBe("v2.2");

    // Nothing is published to Copilot yet: no package, and the page says why.
    await expect(page.getByTestId("package-problems")).toContainText("No collection is published for Copilot");
    expect((await page.request.get("/api/copilot/app-package.zip")).status()).toBe(409);
    const form = page.getByRole("form", { name: "Collections published to Copilot" });
    await form.getByRole("checkbox", { name: COLLECTION }).check();
    await form.getByRole("button", { name: "Save Copilot collections" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved.");
    await expect(page.getByTestId("package-problems")).toHaveCount(0);
    expect(JSON.stringify(await (await page.request.get("/api/copilot/openapi.json")).json())).toContain(COLLECTION);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download app package" }).click()]);
    expect(download.suggestedFilename()).toBe("docchat-copilot.zip");
    const zip = readFileSync((await download.path())!);
    expect(zip.subarray(0, 2).toString()).toBe("PK");
    for (const name of ["manifest.json", "declarativeAgent.json", "ai-plugin.json", "openapi.json", "color.png", "outline.png"]) {
      expect(zip.includes(Buffer.from(name)), name).toBe(true);
    }
  });

  for (const theme of ["light", "dark"] as const) {
    for (const device of ["desktop", "phone"] as const) {
      test(`${theme} · ${device}: no serious accessibility violation`, async ({ page }, testInfo) => {
        if (device === "phone") await page.setViewportSize({ width: 390, height: 844 });
        const shell = new AppShell(page);
        await page.goto("/integrations");
        await shell.setTheme(theme);
        await expect(page.getByTestId("manifest-status")).toBeVisible();
        await shell.expectNoSeriousA11yViolations(testInfo, `integrations-${theme}-${device}`);
        await shell.screenshot(`integrations-${theme}-${device}`);
      });
    }
  }
});
