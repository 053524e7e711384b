import { expect, test, type Page } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ChatPage } from "./pages/chat-page";
import { CollectionPage } from "./pages/collection-page";
import { startInstance, type AppInstance } from "./pages/instance";
import { OPEN_PORT } from "./pages/protected";

/**
 * People and their keys, through the pages, on an instance of this spec's own (ADMIN_TOKEN and
 * CHAT_TOKEN set): a signed-in person creates a personal API key, an API client uses it as them
 * and sees only what they were granted, and revoking it refuses the client at once; an admin adds
 * people, changes their role and groups and disables them (Settings -> Users), and says who may
 * read a collection on its page.
 */

test.describe.configure({ mode: "serial" });

const PORT = OPEN_PORT + 10;
const ADMIN = "e2e-accounts-admin-token-0123456789";
const PASSWORD = "correct horse battery staple";
let app: AppInstance | undefined;

const asAdmin = { authorization: `Bearer ${ADMIN}` };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

test.beforeAll(async ({ request }) => {
  app = await startInstance(PORT, { ADMIN_TOKEN: ADMIN, CHAT_TOKEN: "e2e-accounts-chat-token-0123456789" });
  for (const name of ["handbook", "payroll"]) {
    expect((await request.post(`${app.url}/v1/collections`, { headers: asAdmin, data: { name } })).status()).toBe(201);
  }
  const grant = { grants: [{ subject_type: "group", subject_id: "hr", access: "read" }] };
  expect((await request.put(`${app.url}/v1/collections/payroll/access`, { headers: asAdmin, data: grant })).status()).toBe(200);
  const hr = { email: "hana@example.org", name: "Hana", password: PASSWORD, role: "user", groups: ["hr"] };
  expect((await request.post(`${app.url}/api/users`, { headers: asAdmin, data: hr })).status()).toBe(201);
});

test.afterAll(async () => {
  await app?.stop();
});

async function signIn(page: Page, email: string) {
  await page.goto(`${app!.url}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${app!.url}/`);
}

test("a personal API key is made on the account page, acts as its person over HTTP, and stops when revoked", async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, "hana@example.org");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByText("hana@example.org")).toBeVisible();

  await page.getByLabel("Key name").fill("nightly report");
  await page.getByLabel("Expires after").selectOption("30");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^dck_/);
  const listed = page.getByRole("listitem", { name: "API key nightly report" });
  await expect(listed).toContainText(key.slice(0, 10));
  await new AppShell(page).screenshot("account-api-keys");
  await new AppShell(page).expectAccessibleInBothThemes(testInfo, "account");

  // The key is Hana over HTTP: her group's collection, her chats.
  const collections = await request.get(`${app!.url}/v1/collections`, { headers: bearer(key) });
  expect(collections.status()).toBe(200);
  expect(((await collections.json()) as { name: string }[]).map((c) => c.name)).toEqual(["handbook", "payroll"]);
  const asked = await request.post(`${app!.url}/api/chat`, {
    headers: bearer(key),
    data: { messages: [{ role: "user", content: "Where is the payroll calendar?" }] },
  });
  expect(asked.status()).toBe(200);
  const history = await request.get(`${app!.url}/api/history`, { headers: bearer(key) });
  expect(JSON.stringify(await history.json())).toContain("payroll calendar");
  expect((await request.get(`${app!.url}/api/users`, { headers: bearer(key) })).status()).toBe(401);
  // The chat shows in her browser too: it is hers, whichever way she asked.
  await page.goto(`${app!.url}/`);
  await expect(new ChatPage(page).history().first()).toContainText("payroll calendar");

  await page.goto(`${app!.url}/account`);
  await page.getByRole("listitem", { name: "API key nightly report" }).getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("listitem", { name: "API key nightly report" })).toHaveCount(0);
  expect((await request.get(`${app!.url}/v1/collections`, { headers: bearer(key) })).status()).toBe(401);
});

test("an admin adds a person, changes their role and groups, and disabling them stops their key", async ({ page, request }, testInfo) => {
  await page.goto(`${app!.url}/login?token=1&next=/settings/users`);
  await page.getByLabel("Access token").fill(ADMIN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();

  const form = page.getByRole("form", { name: "Add a person" });
  await form.getByLabel("E-mail").fill("sam@example.org");
  await form.getByLabel("Name").fill("Sam");
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByLabel("Groups").fill("staff");
  await form.getByRole("button", { name: "Add person" }).click();
  const sam = page.getByRole("listitem", { name: "User sam@example.org" });
  await expect(sam).toBeVisible();

  await sam.getByLabel("Role of sam@example.org").selectOption("admin");
  await expect(sam.getByLabel("Role of sam@example.org")).toHaveValue("admin");
  await sam.getByLabel("Groups of sam@example.org").fill("staff, hr");
  await sam.getByRole("button", { name: "Save" }).click();
  await expect(sam.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByText("hr · 2")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await new AppShell(page).screenshot("settings-users");
  await new AppShell(page).expectAccessibleInBothThemes(testInfo, "settings-users");
  const users = (await (await request.get(`${app!.url}/api/users`, { headers: asAdmin })).json()) as {
    users: { id: string; email: string; role: string; groups: string[] }[];
  };
  expect(users.users.find((u) => u.email === "sam@example.org")).toMatchObject({ role: "admin", groups: ["staff", "hr"] });

  // Hana's next key works until an admin disables her.
  const hana = await page.context().browser()!.newContext();
  const hanaPage = await hana.newPage();
  await signIn(hanaPage, "hana@example.org");
  const created = await hanaPage.request.post(`${app!.url}/api/keys`, { data: { name: "cli" } });
  const { key } = (await created.json()) as { key: string };
  expect((await request.get(`${app!.url}/v1/collections`, { headers: bearer(key) })).status()).toBe(200);
  await hana.close();

  await page.reload();
  const hanaRow = page.getByRole("listitem", { name: "User hana@example.org" });
  await expect(hanaRow).toContainText("1 API key");
  await hanaRow.getByRole("button", { name: "Disable" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disable user" }).click();
  await expect(hanaRow).toContainText("Disabled");
  expect((await request.get(`${app!.url}/v1/collections`, { headers: bearer(key) })).status()).toBe(401);
  await hanaRow.getByRole("button", { name: "Enable" }).click();
  await expect(hanaRow).not.toContainText("Disabled");
});

test("an admin says on the collection page who may read it", async ({ page, request }, testInfo) => {
  await page.goto(`${app!.url}/login?token=1&next=/collections/handbook`);
  await page.getByLabel("Access token").fill(ADMIN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "handbook", level: 1 })).toBeVisible();
  await expect(page.getByTestId("access-summary")).toContainText("Open to every reader");

  const grant = page.getByRole("form", { name: "Grant access" });
  await grant.getByLabel("Group").fill("staff");
  await grant.getByRole("button", { name: "Grant" }).click();
  await expect(page.getByRole("listitem", { name: "staff" })).toBeVisible();
  await grant.getByLabel("Grant to").selectOption("user");
  await grant.getByLabel("Person").selectOption({ label: "Hana (hana@example.org)" });
  await grant.getByLabel("Access", { exact: true }).selectOption("edit");
  await grant.getByRole("button", { name: "Grant" }).click();
  await expect(page.getByRole("listitem", { name: "hana@example.org" })).toBeVisible();
  await expect(page.getByTestId("access-summary")).toContainText("Only those listed here");
  await page.evaluate(() => window.scrollTo(0, 0));
  await new AppShell(page).screenshot("collection-access");
  await new AppShell(page).expectAccessibleInBothThemes(testInfo, "collection-access");

  const stored = await (await request.get(`${app!.url}/v1/collections/handbook/access`, { headers: asAdmin })).json();
  expect(stored.grants).toEqual([
    { subject_type: "group", subject_id: "staff", access: "read" },
    { subject_type: "user", subject_id: expect.any(String), access: "edit" },
  ]);

  await page.getByRole("listitem", { name: "staff" }).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("listitem", { name: "hana@example.org" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("access-summary")).toContainText("Open to every reader");
  expect((await (await request.get(`${app!.url}/v1/collections/handbook/access`, { headers: asAdmin })).json()).grants).toEqual([]);
});

test("an editor manages the files of the collections they may edit, and sees no other admin page", async ({ page, request }, testInfo) => {
  const ed = { email: "eddie@example.org", name: "Eddie", password: PASSWORD, role: "editor", groups: [] };
  const created = await request.post(`${app!.url}/api/users`, { headers: asAdmin, data: ed });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const grants = { grants: [{ subject_type: "user", subject_id: id, access: "edit" }] };
  expect((await request.put(`${app!.url}/v1/collections/payroll/access`, { headers: asAdmin, data: grants })).status()).toBe(200);

  await signIn(page, ed.email);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Collections" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await nav.getByRole("link", { name: "Collections" }).click();
  await expect(page.getByRole("link", { name: "payroll" })).toBeVisible();
  await expect(page.getByRole("link", { name: "handbook" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "New collection" })).toHaveCount(0);
  await new AppShell(page).screenshot("editor-collections");
  await new AppShell(page).expectAccessibleInBothThemes(testInfo, "editor-collections");

  await page.getByRole("link", { name: "payroll" }).click();
  const collection = new CollectionPage(page);
  await expect(page.getByRole("heading", { name: "payroll", level: 1 })).toBeVisible();
  await collection.dropFiles([
    { name: "calendar.md", mimeType: "text/markdown", buffer: Buffer.from("# Payroll calendar\n\nSalaries are paid on the 25th.") },
  ]);
  await collection.expectFileStatus("calendar.md", "success");
  await expect(page.getByRole("heading", { name: "Access" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Export library" })).toHaveCount(0);
  expect((await page.request.get(`${app!.url}/settings/users`, { maxRedirects: 0 })).status()).toBe(307);
});

test("a person signs in and out with a password, and an admin sees and ends their session", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const HANA_BROWSER = "E2E Hana Browser/1.0";
  const hana = await browser.newContext({ userAgent: HANA_BROWSER });
  try {
    const hanaPage = await hana.newPage();
    const cookieHeader = async () => (await hana.cookies(app!.url)).map((c) => `${c.name}=${c.value}`).join("; ");
    await signIn(hanaPage, "hana@example.org");
    const signedIn = await cookieHeader();
    expect((await request.get(`${app!.url}/v1/collections`, { headers: { cookie: signedIn } })).status()).toBe(200);
    await hanaPage.getByRole("button", { name: "Sign out" }).click();
    await expect(hanaPage).toHaveURL(/\/login/);
    // The cookie she had is worth nothing now: its session row is gone.
    expect((await request.get(`${app!.url}/v1/collections`, { headers: { cookie: signedIn } })).status()).toBe(401);

    // In again; an admin ends that session on Settings -> Users.
    await signIn(hanaPage, "hana@example.org");
    await page.goto(`${app!.url}/login?token=1&next=/settings/users`);
    await page.getByLabel("Access token").fill(ADMIN);
    await page.getByRole("button", { name: "Sign in" }).click();
    const row = page.getByRole("listitem", { name: "User hana@example.org" });
    await row.getByRole("button", { name: /^\d+ sessions?$/ }).click();
    const session = row.getByRole("listitem").filter({ hasText: HANA_BROWSER });
    await expect(session).toContainText(/signed in .* last active/);
    await new AppShell(page).screenshot("settings-user-sessions");
    await new AppShell(page).expectAccessibleInBothThemes(testInfo, "settings-user-sessions");
    await session.getByRole("button", { name: "End session" }).click();
    await expect(session).toHaveCount(0);

    // Her browser is signed out at its next request.
    await hanaPage.goto(`${app!.url}/`);
    await expect(hanaPage).toHaveURL(/\/login/);
    const trail = async (action: string) =>
      (
        (await (await request.get(`${app!.url}/api/audit?action=${action}&actor=hana%40example.org`, { headers: asAdmin })).json()) as {
          events: { details: Record<string, unknown> }[];
        }
      ).events;
    expect((await trail("auth.sign_in")).at(0)?.details).toMatchObject({ method: "password", user_agent: HANA_BROWSER });
    expect(await trail("auth.sign_out")).toHaveLength(1);
    const ended = (await (await request.get(`${app!.url}/api/audit?action=session.end`, { headers: asAdmin })).json()) as {
      events: { details: Record<string, unknown> }[];
    };
    expect(ended.events[0].details).toMatchObject({ email: "hana@example.org", user_agent: HANA_BROWSER });
  } finally {
    await hana.close();
  }
});
