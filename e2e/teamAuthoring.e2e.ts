import type { PropertyRule, PropertyState, SessionInfo } from "@liftoff/schema";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser, signedInPage } from "./demoStudio.ts";
import { startServer, type RunningServer } from "./startServer.ts";

// Two people in two browsers editing one property in the studio, against a real
// `liftoff serve`: saves of different items both land; two saves of the same rule meet in the
// conflict view, which merges field by field so nothing either typed is lost. Then one
// rule's history, restore, copy, bulk disable and undoing a delete, all through the studio.
test.describe.configure({ mode: "serial" });

const password = "team-e2e-admin-1";
const pid = "PRpcmarketing";
let server: RunningServer;
let erin: Page;
let sam: Page;
const errors: string[] = [];

const open = (browser: Browser, username: string, secret: string) =>
  signedInPage(browser, server.origin, username, secret, errors);

/** The property as the API has it now (read with `page`'s session). */
async function property(page: Page): Promise<PropertyState> {
  return (await (
    await page.request.get(`${server.origin}/api/properties/${pid}`)
  ).json()) as PropertyState;
}

const prop = (path: string) => `${server.origin}/studio/properties/${pid}/${path}`;

async function openItem(page: Page, list: "rules" | "data-elements", name: string) {
  await page.goto(prop(list));
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

async function saveRule(page: Page) {
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && /\/rules\/[^/]+$/.test(r.url()),
  );
  await page.getByRole("button", { name: "Save rule" }).click();
  return (await saved).status();
}

test.beforeAll(async ({ browser }) => {
  server = await startServer(
    ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), "liftoff-team-e2e-"))],
    {
      LIFTOFF_ADMIN_PASSWORD: password,
      LIFTOFF_LOG_LEVEL: "warn",
    },
  );
  erin = await open(browser, "admin", password);
  await createUser(erin, server.origin, {
    username: "sam",
    password: "sam-the-editor-1",
    role: "editor",
  });
  sam = await open(browser, "sam", "sam-the-editor-1");
});
test.afterAll(async () => {
  await erin?.context().close();
  await sam?.context().close();
  await server?.stop();
});

test("two editors save different rules and a data element from the same state: all land", async () => {
  // Both open their items before either saves.
  await openItem(erin, "rules", "Data Layer");
  await openItem(sam, "rules", "Email Link Click");
  await erin.getByLabel("Notes").fill("Erin: loads the data layer first");
  await sam.getByLabel("Notes").fill("Sam: mailto links only");
  expect(await saveRule(erin)).toBe(200);
  expect(await saveRule(sam)).toBe(200);
  await expect(sam.getByRole("alert", { name: "Edit conflict" })).toHaveCount(0);

  await openItem(sam, "data-elements", "site name");
  await sam.getByLabel("Notes").fill("Sam: the brand shown in reports");
  const saved = sam.waitForResponse(
    (r) => r.request().method() === "PUT" && !r.url().endsWith("/presence"),
  );
  await sam.getByRole("button", { name: "Save", exact: true }).click();
  expect((await saved).status()).toBe(200);

  const state = await property(erin);
  expect(state.document.rules.find((r) => r.name === "Data Layer")!.description).toBe(
    "Erin: loads the data layer first",
  );
  expect(state.document.rules.find((r) => r.name === "Email Link Click")!.description).toBe(
    "Sam: mailto links only",
  );
  expect(state.document.dataElements.find((d) => d.name === "site name")!.description).toBe(
    "Sam: the brand shown in reports",
  );
});

test("both edit the same rule: the second sees both versions, merges, and nothing is lost", async () => {
  await openItem(erin, "rules", "Download Link Click");
  await openItem(sam, "rules", "Download Link Click");
  // Sam is editing the notes of the version he loaded when Erin saves a new name.
  await sam.getByLabel("Notes").fill("Sam: counts brochure downloads");
  await erin.getByLabel("Name", { exact: true }).fill("Download Link Click (PDF and ZIP)");
  expect(await saveRule(erin)).toBe(200);
  // His edits stay; he hears of her save at once.
  await expect(
    sam.getByRole("status").filter({ hasText: "admin saved a newer revision" }),
  ).toBeVisible();
  expect(await saveRule(sam)).toBe(409);
  const conflict = sam.getByRole("alert", { name: "Edit conflict" });
  await expect(conflict).toContainText("admin saved rule “Download Link Click (PDF and ZIP)”");
  const nameRow = conflict.getByRole("row", { name: /^Name/ });
  await expect(nameRow).toContainText("Download Link Click (PDF and ZIP)");
  await expect(conflict.getByRole("row", { name: /^Notes/ })).toContainText(
    "Sam: counts brochure downloads",
  );
  // His typing is still in the form while he decides.
  await expect(sam.getByLabel("Notes")).toHaveValue("Sam: counts brochure downloads");
  await nameRow.getByLabel("Theirs").check();
  await conflict.getByRole("button", { name: "Merge selected" }).click();
  await expect(sam.getByLabel("Name", { exact: true })).toHaveValue(
    "Download Link Click (PDF and ZIP)",
  );
  await expect(sam.getByLabel("Notes")).toHaveValue("Sam: counts brochure downloads");
  expect(await saveRule(sam)).toBe(200);

  const rule = (await property(erin)).document.rules.find((r) => r.id.includes("download"))!;
  expect(rule).toMatchObject({
    name: "Download Link Click (PDF and ZIP)",
    description: "Sam: counts brochure downloads",
  });
});

/** Saves `change` to the rule named `name` through the API, as `page`'s user. */
async function saveThroughApi(page: Page, name: string, change: (rule: PropertyRule) => void) {
  const state = await property(page);
  const rule = structuredClone(state.document.rules.find((r) => r.name === name)!);
  const revision = state.resources.find((r) => r.kind === "rule" && r.id === rule.id)!.revision;
  change(rule);
  const session = (await (
    await page.request.get(`${server.origin}/api/session`)
  ).json()) as SessionInfo;
  const saved = await page.request.put(
    `${server.origin}/api/properties/${pid}/rules/${encodeURIComponent(rule.id)}`,
    { headers: { "x-csrf-token": session.csrfToken }, data: { revision, rule } },
  );
  expect(saved.status()).toBe(200);
  return rule.id;
}

/** Saves, and when the save meets someone else's, merges with the view's defaults. */
async function saveAcceptingMerge(page: Page) {
  if ((await saveRule(page)) === 409) {
    const conflict = page.getByRole("alert", { name: "Edit conflict" });
    await conflict.getByRole("button", { name: "Merge selected" }).click();
    await expect(conflict).toHaveCount(0);
    expect(await saveRule(page)).toBe(200);
  }
}

test("the bar: A edits a rule's notes while B renames it through the API; both changes land", async () => {
  await openItem(erin, "rules", "Time and Scroll");
  await erin.getByLabel("Notes").fill("Erin: half the page and half a minute");
  const id = await saveThroughApi(sam, "Time and Scroll", (rule) => {
    rule.name = "Time and Scroll (engaged reader)";
  });
  await saveAcceptingMerge(erin);
  const rule = (await property(sam)).document.rules.find((r) => r.id === id)!;
  expect(rule).toMatchObject({
    name: "Time and Scroll (engaged reader)",
    description: "Erin: half the page and half a minute",
  });
});

test("A edits the selector and notes, B the Send event's XDM: the merge keeps B's XDM", async () => {
  await openItem(erin, "rules", "Podcast Click");
  const event = erin.getByRole("region", { name: /^Event 1/ });
  const toggle = event.getByRole("button", { name: /^Event 1: Click/ });
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await event.getByLabel("Elements matching (CSS selector)").fill("a.podcast-link, a.podcast");
  await erin.getByLabel("Notes").fill("Erin: both podcast link styles");
  const id = await saveThroughApi(sam, "Podcast Click", (rule) => {
    const send = rule.actions.find((a) => a.modulePath.endsWith("/sendEvent.js"))!;
    send.settings = { ...send.settings, xdm: "%XDM podcast%" };
  });

  expect(await saveRule(erin)).toBe(409);
  const conflict = erin.getByRole("alert", { name: "Edit conflict" });
  // Rows in the form's words, with the differing setting's value, never ids or module paths.
  const xdm = conflict.getByRole("row", { name: /^Action 3: Send event › XDM data/ });
  await expect(xdm).toContainText("%XDM podcast%");
  await expect(xdm.getByLabel("Theirs")).toBeChecked();
  await expect(conflict.getByRole("row", { name: /^Notes/ }).getByLabel("Mine")).toBeChecked();
  await expect(
    conflict.getByRole("row", { name: /^Event 1: Click › Elements matching/ }),
  ).toContainText("a.podcast-link, a.podcast");
  await expect(conflict).not.toContainText("modulePath");
  await expect(conflict).not.toContainText(id);
  await conflict.getByRole("button", { name: "Merge selected" }).click();
  expect(await saveRule(erin)).toBe(200);

  const rule = (await property(sam)).document.rules.find((r) => r.id === id)!;
  expect(rule.description).toBe("Erin: both podcast link styles");
  expect(rule.events[0]!.settings).toMatchObject({ elementSelector: "a.podcast-link, a.podcast" });
  const send = rule.actions.find((a) => a.modulePath.endsWith("/sendEvent.js"))!;
  expect(send.settings).toMatchObject({ xdm: "%XDM podcast%" });
});

test("open editors and lists follow a colleague's saves as they happen", async () => {
  // No edits: the editor takes the new revision at once and says who saved it.
  await openItem(erin, "rules", "Video Play");
  await saveThroughApi(sam, "Video Play", (rule) => {
    rule.name = "Video Play (any player)";
  });
  await expect(erin.getByLabel("Name", { exact: true })).toHaveValue("Video Play (any player)");
  await expect(erin.getByRole("status").filter({ hasText: "Updated by sam" })).toBeVisible();

  // With edits: they stay, the notice says who saved, and Save offers the merge first.
  await erin.getByLabel("Notes").fill("Erin: counts the first play only");
  await expect(erin.getByRole("status").filter({ hasText: "Updated by" })).toHaveCount(0);
  const id = await saveThroughApi(sam, "Video Play (any player)", (rule) => {
    rule.name = "Video Play (all players)";
  });
  await expect(
    erin.getByRole("status").filter({ hasText: "sam saved a newer revision" }),
  ).toBeVisible();
  await expect(erin.getByLabel("Name", { exact: true })).toHaveValue("Video Play (any player)");
  await expect(erin.getByLabel("Notes")).toHaveValue("Erin: counts the first play only");
  await saveAcceptingMerge(erin);
  expect((await property(sam)).document.rules.find((r) => r.id === id)).toMatchObject({
    name: "Video Play (all players)",
    description: "Erin: counts the first play only",
  });

  // A list shows a rule renamed elsewhere without being reloaded.
  await erin.getByRole("link", { name: "← Rules" }).click();
  await expect(erin.getByRole("link", { name: "Video Complete", exact: true })).toBeVisible();
  await saveThroughApi(sam, "Video Complete", (rule) => {
    rule.name = "Video Complete (100%)";
  });
  await expect(erin.getByRole("link", { name: "Video Complete (100%)" })).toBeVisible();
});

test("a rule restored to revision 1 from its history", async () => {
  await openItem(sam, "rules", "Download Link Click (PDF and ZIP)");
  await sam.getByText(/^History \(revision 3\)/).click();
  await sam.getByRole("button", { name: "View r1" }).click();
  await expect(sam.getByRole("row", { name: /^Name/ })).toContainText("Download Link Click");
  await sam.getByRole("button", { name: "Restore r1" }).click();
  await sam.getByRole("dialog").getByRole("button", { name: "Restore r1" }).click();
  await expect(sam.getByRole("heading", { name: "Download Link Click", level: 1 })).toBeVisible();
  await expect(sam.getByLabel("Notes")).toHaveValue("");
  await expect(sam.getByText(/^History \(revision 4\)/)).toBeVisible();
});

test("a rule copied, two rules disabled in bulk, a delete undone", async () => {
  await openItem(erin, "rules", "Phone Link Click");
  await erin.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(
    erin.getByRole("heading", { name: "Copy of Phone Link Click", level: 1 }),
  ).toBeVisible();

  await erin.goto(prop("rules"));
  await erin.getByLabel("Check Phone Link Click", { exact: true }).check();
  await erin.getByLabel("Check Copy of Phone Link Click").check();
  await erin.getByRole("button", { name: "Disable" }).click();
  for (const name of ["Phone Link Click", "Copy of Phone Link Click"])
    await expect(
      erin
        .getByRole("row")
        .filter({ has: erin.getByRole("link", { name, exact: true }) })
        .getByRole("cell", { name: "Disabled" }),
    ).toBeVisible();

  await openItem(erin, "rules", "Copy of Phone Link Click");
  await erin.getByRole("button", { name: "Delete rule" }).click();
  await erin.getByRole("dialog").getByRole("button", { name: "Delete rule" }).click();
  await expect(erin).toHaveURL(/\/rules$/);
  const deleted = erin.getByRole("region", { name: "Deleted" });
  await expect(deleted).toContainText("Copy of Phone Link Click");
  await deleted.getByRole("button", { name: "Undo delete: Copy of Phone Link Click" }).click();
  await expect(erin.getByRole("link", { name: "Copy of Phone Link Click" })).toBeVisible();
  await expect(erin.getByRole("region", { name: "Deleted" })).toHaveCount(0);

  const state = await property(erin);
  const phone = state.document.rules.filter((r) => r.name.endsWith("Phone Link Click"));
  expect(phone.map((r) => r.enabled)).toEqual([false, false]);
});

test("no console errors in either studio", () => {
  // The conflict is a 409 that Chromium logs as a failed request; nothing else may appear.
  expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
});
