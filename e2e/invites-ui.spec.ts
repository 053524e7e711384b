import { expect, test, type Browser, type Page } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { startInstance, type AppInstance } from "./pages/instance";
import { OPEN_PORT } from "./pages/protected";

/**
 * First run, invites and the audit trail, through the pages, on an instance of this spec's own
 * (ADMIN_TOKEN set, no account yet): the first visitor at the server creates the first admin and
 * the path closes; the admin invites an editor by link; the invitee sets their name and password
 * and is signed in with that role and group; the link then refuses a second use; the admin reads
 * who did it, and who signed in, on Settings -> Audit.
 */

test.describe.configure({ mode: "serial" });

const PORT = OPEN_PORT + 11;
const ADMIN = "e2e-invites-admin-token-0123456789";
const PASSWORD = "correct horse battery staple";
let app: AppInstance | undefined;
let inviteLink = "";

test.beforeAll(async () => {
  app = await startInstance(PORT, { ADMIN_TOKEN: ADMIN });
});

test.afterAll(async () => {
  await app?.stop();
});

async function fillNewAccount(page: Page, name: string, email?: string) {
  if (email) await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Password again").fill(PASSWORD);
}

async function signInAsRoot(page: Page) {
  await page.goto(`${app!.url}/login`);
  await page.getByLabel("E-mail").fill("root@example.org");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${app!.url}/`);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test("the first visitor at the server creates the first admin, and the path closes", async ({ page }, testInfo) => {
  await page.goto(`${app!.url}/login`);
  await page.getByRole("link", { name: "Create the first admin account" }).click();
  await expect(page.getByRole("heading", { name: "Set up DocChat" })).toBeVisible();
  await new AppShell(page).expectAccessibleInBothThemes(testInfo, "setup");
  await fillNewAccount(page, "Root", "root@example.org");
  await new AppShell(page).screenshot("setup-first-admin");
  await page.getByRole("button", { name: "Create the admin account" }).click();
  await expect(page).toHaveURL(`${app!.url}/`);

  await page.goto(`${app!.url}/setup`);
  await expect(page.getByTestId("setup-closed")).toContainText("first administrator exists");
  const again = await page.request.post(`${app!.url}/api/setup`, {
    data: { email: "second@example.org", name: "Second", password: PASSWORD },
  });
  expect(again.status()).toBe(409);
  await page.goto(`${app!.url}/login`);
  await expect(page.getByTestId("first-run")).toHaveCount(0);
});

test("an admin invites an editor by link, shown once", async ({ page }, testInfo) => {
  await signInAsRoot(page);
  await page.goto(`${app!.url}/settings/users`);

  const form = page.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("Role").selectOption("editor");
  await form.getByLabel("Groups").fill("hr");
  await form.getByLabel("Expires after").selectOption("3");
  await form.getByRole("button", { name: "Create invite link" }).click();
  inviteLink = (await page.getByTestId("invite-link").textContent())!.trim();
  expect(inviteLink).toMatch(new RegExp(`^${app!.url}/invite#dci_`));
  await expect(page.getByTestId("invite").first()).toContainText("pending");
  await new AppShell(page).screenshot("settings-users-invite");
  await new AppShell(page).expectAccessibleInBothThemes(testInfo, "settings-users-invite");
});

test("the invitee sets name and password and is signed in with the invite's role and group", async ({ browser, request }, testInfo) => {
  const page = await freshPage(browser);
  await page.goto(inviteLink);
  await expect(page.getByTestId("invite-offer")).toContainText("editor");
  await expect(page.getByTestId("invite-offer")).toContainText("hr");
  await new AppShell(page).expectAccessibleInBothThemes(testInfo, "invite");
  await fillNewAccount(page, "Eve", "eve@example.org");
  await new AppShell(page).screenshot("invite-accept");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(`${app!.url}/`);
  // An editor: the Collections page is theirs, the admin settings are not.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Collections" })).toBeVisible();
  await page.context().close();

  const users = await request.get(`${app!.url}/api/users`, { headers: { authorization: `Bearer ${ADMIN}` } });
  const eve = ((await users.json()) as { users: { email: string; role: string; groups: string[] }[] }).users.find(
    (u) => u.email === "eve@example.org",
  );
  expect(eve).toMatchObject({ role: "editor", groups: ["hr"] });
});

test("a used link is refused with a clear message", async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto(inviteLink);
  await expect(page.getByTestId("invite-refused")).toContainText("already been used");
  await expect(page.getByLabel("Your name")).toHaveCount(0);
  await new AppShell(page).screenshot("invite-used");
  await page.context().close();
});

test("the admin reads who did what on Settings -> Audit", async ({ page }, testInfo) => {
  await signInAsRoot(page);
  await page.goto(`${app!.url}/settings/audit`);
  await expect(page.getByRole("heading", { name: "Audit" })).toBeVisible();
  const rows = page.getByTestId("audit-event");
  // Newest first: the sign-in that just opened this page, then what the earlier tests did.
  await expect(rows.first()).toContainText("auth.sign_in");
  await expect(rows.first()).toContainText("root@example.org");
  await expect(rows.first()).toContainText("method: password");
  await expect(page.getByRole("row", { name: /invite\.accept/ })).toContainText("eve@example.org");
  await expect(page.getByRole("row", { name: /invite\.create/ })).toContainText("root@example.org");
  await expect(page.getByRole("row", { name: /setup\.first_admin/ })).toBeVisible();

  // Eve's own rows: accepting the invite, and the sign-in it gave her.
  await page.getByLabel("Person").selectOption({ label: "eve@example.org" });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "invite.accept" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "auth.sign_in" })).toContainText("method: password");
  await page.getByLabel("Person").selectOption("");
  await page.getByLabel("Action").selectOption("invite.create");
  await expect(rows).toHaveCount(1);
  // Every sign-in: the first admin's at setup and twice at the login form, and Eve's by her invite.
  await page.getByLabel("Action").selectOption("auth.sign_in");
  await expect(rows).toHaveCount(4);
  await page.getByLabel("Action").selectOption("");
  await new AppShell(page).screenshot("settings-audit");
  await new AppShell(page).expectAccessibleInBothThemes(testInfo, "settings-audit");
});
