import type { ItemSaved, PropertyState } from "@liftoff/schema";
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot, startServer, type RunningServer } from "./startServer.ts";

// A fresh server (no demo): a property made without an org id, the Web SDK added from the
// extensions page (which asks for the org id it needs and its settings), refused removal while
// a rule uses it, then removed after the confirmation.
test.describe.configure({ mode: "serial" });

const password = "extensions-admin-1";
const orgId = "0123456789ABCDEF01234567@AdobeOrg";
let server: RunningServer;
let page: Page;
let pid: string;
const errors: string[] = [];

test.beforeAll(async ({ browser }) => {
  server = await startServer(["--data", mkdtempSync(join(tmpdir(), "liftoff-extensions-"))], {
    LIFTOFF_ADMIN_PASSWORD: password,
    LIFTOFF_LOG_LEVEL: "warn",
  });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("pageerror", (e) => errors.push(e.message));
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

const studio = (path = "") => `${server.origin}/studio/${path}`;
const api = (path: string) => `${server.origin}/api/properties/${pid}${path}`;

async function property(): Promise<PropertyState> {
  return (await (await page.request.get(api(""))).json()) as PropertyState;
}

/** The page fits the window: nothing scrolls sideways. */
async function fitsWindow(): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.inner);
}

test("a property is created without an org id", async () => {
  await page.goto(studio());
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "No properties yet" })).toBeVisible();
  await page.getByLabel("Name").fill("Blog");
  await expect(page.getByLabel("Organization id (optional)")).toHaveValue("");
  await page.getByRole("button", { name: "Create property" }).click();
  await expect(page).toHaveURL(/\/properties\/PR[^/]+\/settings$/);
  pid = decodeURIComponent(/\/properties\/(PR[^/]+)\/settings$/.exec(page.url())![1]!);
  expect((await property()).document.company.orgId).toBeUndefined();
});

test("the extensions page lists the catalogue and adds the Web SDK with what it needs", async () => {
  await page.goto(studio(`properties/${pid}/extensions`));
  const catalogue = page.getByRole("region", { name: "Catalogue" });
  for (const name of ["Core", "Web SDK", "Experience Cloud ID Service"])
    await expect(catalogue.getByRole("listitem", { name: new RegExp(`^${name} `) })).toBeVisible();
  const entry = catalogue.getByRole("listitem", { name: /^Web SDK / });
  await expect(entry).toContainText("Not installed");
  await expect(entry).toContainText("Sends Experience Platform events");

  await entry.getByRole("button", { name: "Add Web SDK" }).click();
  const form = entry.getByRole("form", { name: "Add Web SDK" });
  // The property has no org id and the Web SDK needs one: the form asks for it.
  const orgField = form.getByLabel("Organization id", { exact: true });
  await expect(orgField).toBeVisible();
  await orgField.fill(orgId);
  await form.getByRole("button", { name: "Add instance" }).click();
  const instance = form.getByRole("group", { name: "Instance 1" });
  await instance.getByLabel("Instance name").fill("alloy");
  await instance.getByLabel("Production datastream id").fill(`${pid}-production`);
  await fitsWindow();
  await page.screenshot({
    path: join(repoRoot, ".reports/extensions-add-1440.png"),
    fullPage: true,
  });
  const added = page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().endsWith("/extensions/web-sdk"),
  );
  await form.getByRole("button", { name: "Add Web SDK" }).click();
  expect((await added).status()).toBe(200);
  await expect(entry).toContainText("Installed");
  // Configure leads to the installed extension's settings form.
  await entry.getByRole("link", { name: "Configure Web SDK" }).click();
  await expect(page).toHaveURL(/#extension-web-sdk$/);
  await expect(page.getByRole("form", { name: "Web SDK", exact: true })).toBeInViewport();
  const state = await property();
  expect(state.document.company.orgId).toBe(orgId);
  expect(state.problems).toEqual([]);
});

test("a used extension cannot be removed; an unused one is removed after confirming", async () => {
  // A rule using the Web SDK's send-event action blocks the removal, named on the page.
  const session = await (await page.request.get(`${server.origin}/api/session`)).json();
  const csrf = (session as { csrfToken: string }).csrfToken;
  const created = await page.request.post(api("/rules"), {
    headers: { "x-csrf-token": csrf },
    data: {
      rule: {
        name: "Page view",
        events: [{ modulePath: "core/src/lib/events/libraryLoaded.js", settings: {} }],
        conditions: [],
        actions: [{ modulePath: "web-sdk/src/lib/actions/sendEvent.js", settings: {} }],
      },
    },
  });
  expect(created.status()).toBe(201);
  const rule = ((await created.json()) as ItemSaved).item!;
  await page.reload();
  const remove = page.getByRole("button", { name: "Remove Web SDK" });
  await expect(remove).toBeDisabled();
  const note = page.locator(`#users-web-sdk`);
  await expect(note.getByRole("link", { name: "Page view" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Core" })).toHaveCount(0);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await fitsWindow();
    await page.screenshot({
      path: join(repoRoot, `.reports/extensions-${viewport.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  const revision = (await property()).resources.find((r) => r.id === rule.id)!.revision;
  const deleted = await page.request.delete(api(`/rules/${rule.id}?revision=${revision}`), {
    headers: { "x-csrf-token": csrf },
  });
  expect(deleted.status()).toBe(200);
  await page.reload();
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Remove the Web SDK extension?" });
  await expect(dialog).toBeVisible();
  const removed = page.waitForResponse(
    (r) => r.request().method() === "DELETE" && r.url().includes("/extensions/web-sdk"),
  );
  await dialog.getByRole("button", { name: "Remove extension" }).click();
  expect((await removed).status()).toBe(200);
  await expect(
    page.getByRole("region", { name: "Catalogue" }).getByRole("listitem", { name: /^Web SDK / }),
  ).toContainText("Not installed");
  expect((await property()).document.extensions.map((e) => e.name)).toEqual(["core"]);
  expect(errors).toEqual([]);
});
