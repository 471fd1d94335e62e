import { expect, test, type Browser, type Page } from "@playwright/test";
import { openDemoStudio, type DemoStudio } from "./demoStudio.ts";
import type { RunningServer } from "./startServer.ts";

// Saved reports in Chromium against the real server: an admin saves a breakdown, reloads it,
// opens it from the Reports page's list; a viewer opens the shared link and sees the same
// report; the admin renames and deletes it (after confirming).
test.describe.configure({ mode: "serial" });

const pid = "PRpcmarketing";
const shots = process.env.LIFTOFF_SHOTS_DIR ?? "/work/scratch/shots37/37.F";
let server: RunningServer;
let page: Page;
let errors: string[] = [];
let studio: DemoStudio | undefined;
let shared = "";

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "saved-reports");
  ({ server, page, errors } = studio);
});
test.afterAll(async () => {
  await studio?.close();
});

const prop = (path: string) => `${server.origin}/studio/properties/${pid}/${path}`;

async function csrf(): Promise<string> {
  const session = await page.request.get(`${server.origin}/api/session`);
  return ((await session.json()) as { csrfToken: string }).csrfToken;
}

/** Link clicks to the insurance property's production datastream, as its site sends them. */
async function sendClicks(): Promise<void> {
  const answer = await page.request.get(`${server.origin}/api/datastreams`);
  const { datastreams } = (await answer.json()) as {
    datastreams: Array<{ id: string; propertyId: string; stage: string; allowedOrigins: string[] }>;
  };
  const stream = datastreams.find((d) => d.propertyId === pid && d.stage === "production")!;
  const click = (name: string, type: string) => ({
    xdm: {
      eventType: "web.webinteraction.linkClicks",
      web: { webInteraction: { name, type, linkClicks: { value: 1 } } },
    },
  });
  const res = await page.request.post(
    `${server.origin}/ee/v1/interact?configId=${stream.id}&requestId=5a6e7f10-1111-4222-8333-444455556666`,
    {
      headers: { "content-type": "text/plain", origin: stream.allowedOrigins[0]! },
      data: JSON.stringify({
        events: [
          click("Get a quote", "other"),
          click("Get a quote", "other"),
          click("Brochure", "download"),
        ],
      }),
    },
  );
  expect(res.status()).toBe(200);
}

async function signedIn(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const other = await context.newPage();
  other.on("console", (m) => m.type() === "error" && errors.push(`${username}: ${m.text()}`));
  other.on("pageerror", (e) => errors.push(`${username}: ${e.message}`));
  await other.goto(`${server.origin}/studio/`);
  await other.getByLabel("Username").fill(username);
  await other.getByLabel("Password").fill(password);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other.getByRole("link", { name: "PC Marketing" })).toBeVisible();
  return other;
}

const tableOf = (p: Page) => p.locator(".report .table-scroll table");

test("an admin saves a breakdown; it survives a reload and opens from the Reports page", async () => {
  await sendClicks();
  await page.goto(
    prop(
      "reports/breakdown?field=xdm.web.webInteraction.name&by=xdm.web.webInteraction.type&eventType=web.webinteraction.linkClicks",
    ),
  );
  await expect(tableOf(page).getByRole("row", { name: "Get a quote other 2" })).toBeVisible();
  await page.getByRole("button", { name: "Save report" }).click();
  const dialog = page.getByRole("dialog", { name: "Save report" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill("Clicked links by type");
  await page.screenshot({ path: `${shots}/save-dialog-1440.png` });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/reports\/breakdown\?saved=SR[0-9a-f]{32}$/);
  await expect(
    page.getByRole("heading", { name: "Clicked links by type", level: 1 }),
  ).toBeVisible();
  shared = page.url();

  await page.reload();
  await expect(
    page.getByRole("heading", { name: "Clicked links by type", level: 1 }),
  ).toBeVisible();
  await expect(tableOf(page).getByRole("row", { name: "Get a quote other 2" })).toBeVisible();
  await expect(
    page.getByRole("form", { name: "Breakdown" }).getByLabel("Only event type"),
  ).toHaveValue("web.webinteraction.linkClicks");

  // A second report of the same name is refused in the dialog, which stays open.
  await page.getByRole("button", { name: "Save report" }).click();
  await dialog.getByLabel("Name").fill("Clicked links by type");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    'A saved report named "Clicked links by type" already exists.',
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.goto(prop("reports"));
  const list = page.getByRole("region", { name: "Saved reports" });
  const row = list.getByRole("listitem").filter({ hasText: "Clicked links by type" });
  await expect(row).toContainText("xdm.web.webInteraction.name · xdm.web.webInteraction.type");
  await expect(row).toContainText("Saved by admin");
  await page.screenshot({ path: `${shots}/reports-list-1440.png`, fullPage: true });
  await row.getByRole("link", { name: "Clicked links by type" }).click();
  await expect(page).toHaveURL(shared);
  await expect(tableOf(page).getByRole("row", { name: "Brochure download 1" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Chart: Events by/ })).toHaveAttribute(
    "data-y-min",
    "0",
  );
  await page.screenshot({ path: `${shots}/saved-report-1440.png`, fullPage: true });
});

test("a viewer opens the shared link and sees the same report, without rename or delete", async ({
  browser,
}) => {
  const created = await page.request.post(`${server.origin}/api/users`, {
    headers: { "x-csrf-token": await csrf() },
    data: { username: "vera", password: "viewer-password-1", role: "viewer" },
  });
  expect(created.status()).toBe(201);
  const viewer = await signedIn(browser, "vera", "viewer-password-1");
  await viewer.goto(shared);
  await expect(
    viewer.getByRole("heading", { name: "Clicked links by type", level: 1 }),
  ).toBeVisible();
  await expect(tableOf(viewer).getByRole("row", { name: "Get a quote other 2" })).toBeVisible();
  await expect(tableOf(viewer).getByRole("row", { name: "Brochure download 1" })).toBeVisible();
  await expect(tableOf(viewer).locator("tbody tr")).toHaveCount(2);
  await expect(
    viewer.getByRole("form", { name: "Breakdown" }).getByLabel("Then by (optional)"),
  ).toHaveValue("xdm.web.webInteraction.type");
  await viewer.setViewportSize({ width: 390, height: 844 });
  await expect(viewer.getByRole("img", { name: /^Chart: Events by/ })).toHaveAttribute(
    "data-y-min",
    "0",
  );
  const overflow = () =>
    viewer.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);
  await viewer.screenshot({ path: `${shots}/saved-report-viewer-390.png`, fullPage: true });
  await viewer.goto(prop("reports"));
  const row = viewer
    .getByRole("region", { name: "Saved reports" })
    .getByRole("listitem")
    .filter({ hasText: "Clicked links by type" });
  await expect(row).toBeVisible();
  await expect(row.getByRole("button")).toHaveCount(0);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await row.scrollIntoViewIfNeeded();
  await viewer.screenshot({ path: `${shots}/reports-list-viewer-390.png` });
  await viewer.context().close();
});

test("the admin renames it, then deletes it after confirming", async () => {
  await page.goto(prop("reports"));
  const list = page.getByRole("region", { name: "Saved reports" });
  await list.getByRole("button", { name: "Rename Clicked links by type" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename “Clicked links by type”" });
  await dialog.getByLabel("Name").fill("Link clicks");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(list.getByRole("link", { name: "Link clicks" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await list.getByRole("button", { name: "Rename Link clicks" }).click();
  await expect(page.getByRole("dialog", { name: "Rename “Link clicks”" })).toBeVisible();
  await page.screenshot({ path: `${shots}/rename-dialog-390.png` });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await list.getByRole("button", { name: "Delete Link clicks" }).click();
  const ask = page.getByRole("dialog", { name: "Delete the saved report “Link clicks”?" });
  await page.screenshot({ path: `${shots}/delete-confirm-390.png` });
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(list).toContainText("None yet");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(shared);
  await expect(page.getByText(/does not exist/)).toBeVisible();
});

test("no console errors on the saved-report pages", () => {
  // The taken name (409) and the deleted report's link (404) are refusals by design; the
  // browser logs each refused request.
  expect(errors.filter((e) => !/Failed to load resource: .*status of (404|409)\b/.test(e))).toEqual(
    [],
  );
});
