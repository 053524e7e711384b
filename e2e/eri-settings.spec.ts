import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";

/** The ERI settings screen: own server on with a generated token, then a loopback source added, tested, edited and deleted. */

test.describe.serial("ERI settings screen", () => {
  let loginToken = "";

  test("is accessible in light and dark themes", async ({ page }, testInfo) => {
    const shell = new AppShell(page);
    await page.goto("/settings/eri");
    await expect(page.getByRole("heading", { level: 1, name: "ERI settings" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "This app as an ERI server" })).toBeVisible();
    await shell.setTheme("light");
    await shell.expectNoSeriousA11yViolations(testInfo, "eri-settings-light");
    await shell.setTheme("dark");
    await shell.expectNoSeriousA11yViolations(testInfo, "eri-settings-dark");
    await shell.screenshot("eri-settings-dark");
    await shell.setTheme("light");
  });

  test("switches the own ERI server on with a generated token and shows the address for AI Studio", async ({ page, baseURL }) => {
    await page.goto("/settings/eri");
    const server = page.getByRole("region", { name: "This app as an ERI server" });
    await server.getByRole("checkbox", { name: /ERI server on/ }).check();
    await server.getByRole("checkbox", { name: /^Token/ }).check();
    await server.getByRole("button", { name: "Generate" }).click();
    loginToken = await server.getByLabel("Login token").inputValue();
    expect(loginToken.length).toBeGreaterThanOrEqual(16);
    await server.getByRole("radio", { name: /Self-hosted models only/ }).check();
    await server.getByRole("radio", { name: /All collections/ }).check();
    await server.getByRole("button", { name: "Save server settings" }).click();
    await expect(server.getByRole("status")).toContainText("Saved");
    await expect(server.getByLabel("Login token")).toHaveValue("");

    const url = new URL(baseURL!);
    await expect(server.getByText(`http://${url.hostname}`, { exact: true })).toBeVisible();
    await expect(server.getByText(url.port, { exact: true })).toBeVisible();
  });

  test("adds a loopback source from the keyboard, tests it, edits and deletes it", async ({ page, baseURL }) => {
    const shell = new AppShell(page);
    await page.goto("/settings/eri");
    await page.getByRole("button", { name: "Add source" }).focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("form", { name: "Add an ERI source" });
    await form.getByLabel("Name", { exact: true }).fill("Loopback UI");
    await form.getByLabel("Base URL").fill(baseURL!);
    await form.getByLabel("Authentication").selectOption("TOKEN");
    await form.getByLabel("Token", { exact: true }).fill(loginToken);
    await form.getByRole("button", { name: "Test connection" }).click();
    await expect(form.getByRole("status")).toContainText("Connected in");
    await expect(form.getByRole("status")).toContainText("SELF_HOSTED");
    await expect(form.getByRole("status")).toContainText("hybrid");
    await shell.screenshot("eri-settings-add-source");
    await form.getByRole("button", { name: "Add source" }).click();

    const row = page.getByRole("listitem", { name: "ERI source Loopback UI" });
    await expect(row).toBeVisible();
    await expect(row).toContainText("not tested");
    await row.getByRole("button", { name: "Test connection to Loopback UI" }).click();
    await expect(row.getByRole("status")).toContainText("Connected in");
    await expect(row).toContainText("OK");

    await row.getByRole("button", { name: "Edit Loopback UI" }).click();
    const edit = page.getByRole("form", { name: "Edit Loopback UI" });
    await expect(edit.getByLabel("Token", { exact: true })).toHaveAttribute("placeholder", /unchanged/);
    await edit.getByLabel("Name", { exact: true }).fill("Loopback renamed");
    await edit.getByRole("button", { name: "Save changes" }).click();
    const renamed = page.getByRole("listitem", { name: "ERI source Loopback renamed" });
    await expect(renamed).toBeVisible();

    await renamed.getByRole("button", { name: "Delete Loopback renamed" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete source" }).click();
    await expect(renamed).toHaveCount(0);
  });

  test("shows the error of a failed test without saving", async ({ page }) => {
    await page.goto("/settings/eri");
    await page.getByRole("button", { name: "Add source" }).click();
    const form = page.getByRole("form", { name: "Add an ERI source" });
    await form.getByLabel("Name", { exact: true }).fill("Nowhere");
    await form.getByLabel("Base URL").fill("http://127.0.0.1:9");
    await form.getByLabel("Authentication").selectOption("NONE");
    await form.getByRole("button", { name: "Test connection" }).click();
    await expect(form.getByRole("alert")).toContainText(/Connection failed while reading the authentication methods/);
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("listitem", { name: "ERI source Nowhere" })).toHaveCount(0);
  });
});
