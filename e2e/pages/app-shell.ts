import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

/** Screenshots land here (kept as test artifacts, one PNG per page state). */
export const SCREENSHOT_DIR = path.join("test-results", "screenshots");

export class AppShell {
  constructor(readonly page: Page) {}

  nav(name: "Chat" | "Collections" | "Settings") {
    return this.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
  }

  themeToggle() {
    return this.page.getByRole("button", { name: /Switch to (dark|light) theme/ });
  }

  async setTheme(theme: "light" | "dark") {
    const isDark = await this.page.evaluate(() => document.documentElement.classList.contains("dark"));
    if (isDark !== (theme === "dark")) await this.themeToggle().click();
    await expect(this.page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
  }

  async screenshot(name: string, options: { fullPage?: boolean } = {}) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await this.page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
  }

  /** No serious axe violation in either theme (the page is left light). */
  async expectAccessibleInBothThemes(testInfo: TestInfo, label: string) {
    for (const theme of ["dark", "light"] as const) {
      await this.setTheme(theme);
      await this.expectNoSeriousA11yViolations(testInfo, `${label}-${theme}`);
    }
  }

  /** No serious or critical axe violation; the full report is attached to the test. */
  async expectNoSeriousA11yViolations(testInfo: TestInfo, label: string) {
    // Colours mid-transition (a theme switch, buttons use transition-colors) would be measured
    // half-way: let every running CSS transition finish first.
    await this.page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const results = await new AxeBuilder({ page: this.page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    await testInfo.attach(`axe-${label}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 5)
            .join("\n  ")}`,
      );
    expect(serious, `axe on ${label}`).toEqual([]);
  }
}
