import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser, signedInPage } from "./demoStudio.ts";
import { startServer, type RunningServer } from "./startServer.ts";

// Presence between two people in two browsers against a real `liftoff serve`: what one has
// open shows in the other's list and editor, and goes away when they leave the item or close
// their browser.
test.describe.configure({ mode: "serial" });

const password = "presence-e2e-admin-1";
const pid = "PRpcmarketing";
let server: RunningServer;
let admin: Page;
const errors: string[] = [];

const open = (browser: Browser, username: string, secret: string) =>
  signedInPage(browser, server.origin, username, secret, errors);

const prop = (path: string) => `${server.origin}/studio/properties/${pid}/${path}`;

async function openRule(page: Page, name: string) {
  await page.goto(prop("rules"));
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  server = await startServer(
    ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), "liftoff-presence-"))],
    { LIFTOFF_ADMIN_PASSWORD: password, LIFTOFF_LOG_LEVEL: "warn" },
  );
  admin = await open(browser, "admin", password);
  await createUser(admin, server.origin, {
    username: "sam",
    password: "sam-the-editor-1",
    role: "editor",
  });
});
test.afterAll(async () => {
  await admin?.context().close();
  await server?.stop();
});

test("B opens a rule: A's list and editor show B; B leaves, then closes the browser: gone", async ({
  browser,
}) => {
  const sam = await open(browser, "sam", "sam-the-editor-1");
  await admin.goto(prop("rules"));
  const row = admin.getByRole("row").filter({
    has: admin.getByRole("link", { name: "Data Layer", exact: true }),
  });
  await expect(row).toBeVisible();

  await openRule(sam, "Data Layer");
  // The list marks the rule, in words.
  await expect(row.getByText("Open by sam")).toBeVisible();

  await openRule(admin, "Data Layer");
  const alsoHere = admin.getByRole("list", { name: "Also here:" });
  await expect(alsoHere.getByRole("listitem")).toHaveText(["sam"]);
  // Sam sees the admin too: each is the other's "also here", never their own.
  await expect(sam.getByRole("list", { name: "Also here:" }).getByRole("listitem")).toHaveText([
    "admin",
  ]);

  // Sam goes back to the list: he no longer has the rule open.
  await sam.getByRole("link", { name: "← Rules" }).click();
  await expect(sam.getByRole("heading", { name: "Rules", level: 1 })).toBeVisible();
  await expect(alsoHere).toHaveCount(0);

  // Sam opens it again, then closes his browser without a word: his stream ends, so does he.
  await openRule(sam, "Data Layer");
  await expect(alsoHere.getByRole("listitem")).toHaveText(["sam"]);
  await sam.context().close();
  // Well within the 45 s a silent tab is kept: the closed stream said it at once.
  await expect(alsoHere).toHaveCount(0, { timeout: 10_000 });
  expect(errors).toEqual([]);
});
