import type { EnvironmentInfo, LibraryInfo, PropertyState, SessionInfo } from "@liftoff/schema";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { approveAsSecondApprover, startServer, type RunningServer } from "./startServer.ts";

// The studio against a real `liftoff serve` with the seeded insurance property, in Chromium:
// sign in, point the Web SDK at this server, create a rule with a condition and a send-event
// action, build it to development, load a demo-site page with the development library and watch its
// event arrive live, publish to production, roll back, and check a viewer cannot edit.
// The steps depend on each other, so they run in order in one worker.
test.describe.configure({ mode: "serial" });

const password = "studio-e2e-admin-1";
const pid = "PRpcmarketing";
const eventType = "pc.quoteStarted";
/** A demo-site page; the new rule fires only there. */
const demoPath = "/pcg/auto/auto-insurance";
let server: RunningServer;
let page: Page;
const errors: string[] = [];
const scripts: string[] = [];

test.beforeAll(async ({ browser }) => {
  server = await startServer(
    ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), "liftoff-studio-e2e-"))],
    {
      LIFTOFF_ADMIN_PASSWORD: password,
      LIFTOFF_LOG_LEVEL: "warn",
    },
  );
  page = await browser.newPage();
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

const studio = (path = "") => `${server.origin}/studio/${path}`;
const prop = (section: string) => studio(`properties/${pid}/${section}`);

async function signIn(target: Page, username: string, secret: string) {
  await target.goto(studio());
  await target.getByLabel("Username").fill(username);
  await target.getByLabel("Password").fill(secret);
  await target.getByRole("button", { name: "Sign in" }).click();
  await expect(target.getByRole("link", { name: "PC Marketing" })).toBeVisible();
}

async function environments(target: Page): Promise<EnvironmentInfo[]> {
  const res = await target.request.get(`${server.origin}/api/properties/${pid}/environments`);
  return (await res.json()) as EnvironmentInfo[];
}

test("a wrong password is refused, the right one signs in", async () => {
  await page.goto(studio());
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong username or password.");
  await signIn(page, "admin", password);
  // The code editor and the chart library are lazy chunks: not part of the first load.
  expect(scripts.filter((url) => /CodeEditor|UPlotChart/.test(url))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
});

test("the Web SDK extension's settings form shows this server as its edge", async () => {
  // `serve --demo` seeds the property with its own origin, even on a port chosen at start.
  await page.goto(prop("extensions"));
  const webSdk = page.getByRole("form", { name: "Web SDK" });
  const instance = webSdk.getByRole("group", { name: "Instance 1" });
  await expect(instance.getByLabel("Edge server address")).toHaveValue(server.origin);
});

test("an editor creates a rule with a condition and a send-event action", async () => {
  await page.goto(prop("rules"));
  await page.getByRole("link", { name: "New rule" }).click();
  await page.getByLabel("Name").fill("Quote start");

  await page.getByRole("button", { name: "Add event" }).click();
  await page
    .getByRole("region", { name: /Event 1/ })
    .getByLabel("Event type")
    .selectOption({
      label: "DOM Ready",
    });

  await page.getByRole("button", { name: "Add condition" }).click();
  const condition = page.getByRole("region", { name: /Condition 1/ });
  await condition.getByLabel("Condition type").selectOption({ label: "Path Without Query String" });
  await condition.getByRole("button", { name: "Add path" }).click();
  await condition.getByRole("combobox", { name: "Value", exact: true }).fill(demoPath);

  await page.getByRole("button", { name: "Add action" }).click();
  const action = page.getByRole("region", { name: /Action 1/ });
  await action.getByLabel("Action type").selectOption({ label: "Send event" });
  await expect(action.getByLabel("Instance name")).toHaveValue("alloy");
  await action.getByLabel("Event type", { exact: true }).fill(eventType);
  // `%` offers the property's data elements; Enter takes the highlighted one.
  await action.getByLabel("XDM data").fill("%xdm");
  await expect(action.getByRole("listbox", { name: "Data elements" })).toBeVisible();
  await action.getByLabel("XDM data").press("Enter");
  await expect(action.getByLabel("XDM data")).toHaveValue(/^%xdm[^%]*%$/i);

  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByRole("heading", { name: "Quote start", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/rules\/[^/]+$/);
  await page.goto(prop("rules"));
  await expect(page.getByRole("link", { name: "Quote start" })).toBeVisible();
});

test("custom code opens in the lazily loaded code editor, with %data element% completion", async () => {
  await page.goto(prop("rules"));
  await page.getByRole("link", { name: "Data Layer", exact: true }).click();
  const action = page.getByRole("region", { name: /Action 1/ });
  const code = action.getByRole("textbox", { name: "Source" });
  await expect(action.locator(".cm-editor")).toBeVisible();
  expect(scripts.filter((url) => url.includes("CodeEditor")).length).toBeGreaterThan(0);
  await code.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nvar site = '%site");
  await expect(page.locator(".cm-tooltip-autocomplete")).toContainText("%site name%");
  // CodeMirror ignores Enter for 75 ms after the list opens (`interactionDelay`), so that a
  // fast typist's Enter is not taken as a choice.
  await page.waitForTimeout(150);
  await page.keyboard.press("Enter");
  await expect(code).toContainText("var site = '%site name%");
});

test("a library builds to development and its event arrives in the live stream", async ({
  browser,
}) => {
  await page.goto(prop("libraries"));
  const form = page.getByRole("form", { name: "New library" });
  await form.getByLabel("Name", { exact: true }).fill("Quote funnel");
  // The new rule is the changed resource (the code edit was not saved).
  await expect(form.getByLabel(/Add all changed resources \(1\)/)).toBeChecked();
  await form.getByRole("button", { name: "Create library" }).click();
  await expect(page.getByRole("heading", { name: /^Quote funnel/, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Quote start", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "latest · r1" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Build to development: Quote funnel" }).click();
  await expect(page.getByRole("cell", { name: "development", exact: true })).toBeVisible();

  await page.goto(prop("events"));
  await expect(page.getByText("Live: waiting for new events")).toBeVisible();
  const dev = (await environments(page)).find((e) => e.stage === "development")!;
  const site = await openDemoPage(browser, dev.libraryUrl);
  const arrived = page.getByRole("button", { name: eventType });
  await expect(arrived.first()).toBeVisible({ timeout: 15_000 });
  await arrived.first().click();
  const panel = page.getByRole("dialog", { name: eventType });
  await expect(panel).toContainText('"ENpcmarketingdevelopment"');
  await panel.getByRole("button", { name: "Close" }).click();
  await page
    .getByRole("button", { name: /only events of ECID / })
    .first()
    .click();
  // The list now holds that visitor's stored events (filtered on the server).
  await expect(page.getByRole("searchbox", { name: "ECID" })).not.toHaveValue("");
  await expect(page.getByRole("button", { name: new RegExp(eventType) }).first()).toBeVisible();
  await site.close();
});

test("the library is submitted, approved and published to production, then rolled back", async () => {
  await page.goto(prop("libraries"));
  const card = page.getByRole("article", { name: "Quote funnel" });
  const submit = card.getByRole("button", { name: "Submit for approval: Quote funnel" });
  await submit.click();
  await expect(submit).toHaveCount(0);
  // The demo asks for a second person: the admin who submitted it cannot approve it.
  await expect(card.getByRole("button", { name: "Approve: Quote funnel" })).toBeDisabled();
  const res = await page.request.get(`${server.origin}/api/properties/${pid}/libraries`);
  const quote = ((await res.json()) as LibraryInfo[]).find((l) => l.name === "Quote funnel")!;
  await approveAsSecondApprover(server.origin, password, pid, quote.id);
  await page.reload();
  const publish = card.getByRole("button", { name: "Publish to production: Quote funnel" });
  await publish.click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Publish to production", exact: true })
    .click();
  await expect(publish).toHaveCount(0);
  const published = page.getByRole("region", { name: "Published" });
  await expect(published.getByRole("article", { name: "Quote funnel" })).toContainText("live");
  const library = async () =>
    (await environments(page)).find((e) => e.stage === "production")!.libraryId;
  const live = await library();

  const initial = published.getByRole("article", { name: "Initial" });
  await initial.getByRole("button", { name: "Roll back to this library: Initial" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Roll back" }).click();
  await expect(initial).toContainText("live");
  await expect(published.getByRole("article", { name: "Quote funnel" })).not.toContainText("live");
  expect(await library()).not.toBe(live);

  await page.goto(prop("environments"));
  await expect(page.getByRole("textbox", { name: "Embed code" }).first()).toHaveValue(
    /<script src="[^"]+launch[^"]*\.js" async><\/script>/,
  );
  await page.getByLabel("Name").fill("QA");
  await page.getByRole("button", { name: "Add environment" }).click();
  await expect(page.getByRole("heading", { name: /^QA/ })).toBeVisible();
  await page.getByRole("button", { name: "Remove environment QA" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove environment" }).click();
  await expect(page.getByRole("heading", { name: /^QA/ })).toHaveCount(0);
  await page.goto(prop("revisions"));
  await page
    .getByRole("row", { name: /Quote start/ })
    .getByRole("button", { name: /^Changes in revision/ })
    .click();
  await expect(page.getByRole("heading", { name: /Rule “Quote start”/ })).toBeVisible();
  await page.goto(prop("audit"));
  await expect(page.getByRole("cell", { name: "library.republish" })).toBeVisible();
});

test("a viewer sees no edit controls and the API refuses the viewer's changes", async ({
  browser,
}) => {
  await page.goto(studio("users"));
  await page.getByLabel("Username").fill("val");
  await page.getByLabel("Password").fill("viewer-password-1");
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("combobox", { name: "Role of val" })).toHaveValue("viewer");

  const context = await browser.newContext();
  const viewer = await context.newPage();
  await signIn(viewer, "val", "viewer-password-1");
  await viewer.goto(prop("rules"));
  await expect(viewer.getByRole("link", { name: "Quote start" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "New rule" })).toHaveCount(0);
  await viewer.getByRole("link", { name: "Quote start" }).click();
  await expect(viewer.getByRole("textbox", { name: "Name", exact: true })).toHaveJSProperty(
    "readOnly",
    true,
  );
  await expect(viewer.getByRole("button", { name: "Save rule" })).toHaveCount(0);
  await expect(viewer.getByRole("link", { name: "Users" })).toHaveCount(0);
  await viewer.goto(prop("libraries"));
  await expect(viewer.getByRole("button", { name: "Create library" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /Roll back/ })).toHaveCount(0);

  const own = (await (
    await viewer.request.get(`${server.origin}/api/session`)
  ).json()) as SessionInfo;
  const state = (await (
    await viewer.request.get(`${server.origin}/api/properties/${pid}`)
  ).json()) as PropertyState;
  const settings = state.resources.find((r) => r.kind === "settings")!;
  const refused = await viewer.request.put(`${server.origin}/api/properties/${pid}/settings`, {
    headers: { "x-csrf-token": own.csrfToken },
    data: { revision: settings.revision, name: "Taken over" },
  });
  expect(refused.status()).toBe(403);
  await context.close();
});

test("no console errors in the studio along the way", () => {
  // The wrong-password attempt is a 401 that Chromium logs; nothing else may appear.
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});

/**
 * The demo site `liftoff serve --demo` serves on its own origin (the one its datastreams
 * allow), its pages carrying the development library, as a marketer previews a development
 * build; opens the page the rule targets.
 */
async function openDemoPage(browser: Browser, libraryUrl: string): Promise<Page> {
  const answer = await page.request.get(`${server.origin}/api/datastreams`);
  const { datastreams } = (await answer.json()) as {
    datastreams: Array<{ allowedOrigins: string[] }>;
  };
  const demoOrigin = datastreams[0]!.allowedOrigins[0]!;
  const site = await browser.newPage();
  await site.goto(`${demoOrigin}${demoPath}`);
  await expect(site.locator(`script[src="${libraryUrl}"]`)).toHaveCount(1);
  return site;
}
