import { expect, test, type Page } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDemoStudio, type DemoStudio } from "./demoStudio.ts";
import type { RunningServer } from "./startServer.ts";

// Settings fields typed into as a person types, in the real studio against `liftoff serve
// --demo`: nothing typed is lost, and what is typed is stored as the setting's type.
test.describe.configure({ mode: "serial" });

const pid = "PRpcmarketing";
let server: RunningServer;
let page: Page;
let errors: string[] = [];
let studio: DemoStudio | undefined;

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "form-fields");
  ({ server, page, errors } = studio);
});
test.afterAll(async () => {
  await studio?.close();
});

const bar = () => page.getByRole("group", { name: "Save" });

interface Saved {
  document: {
    rules: { name: string; actions: { modulePath: string; settings: Record<string, unknown> }[] }[];
    dataElements: { name: string; settings: Record<string, unknown> }[];
  };
}
const savedState = async () =>
  (await (await page.request.get(`${server.origin}/api/properties/${pid}`)).json()) as Saved;

test("typing into an empty custom-code editor keeps every character and the focus", async () => {
  await page.goto(`${server.origin}/studio/properties/${pid}/data-elements/new`);
  await page.getByLabel("Name", { exact: true }).fill("typed code");
  await page.getByLabel("Type", { exact: true }).selectOption({ label: "Custom Code" });
  const editor = page.locator(".cm-content");
  await expect(editor).toBeVisible();
  await editor.click();
  // A person's speed: each key after the last has been handled and the page re-rendered.
  await page.keyboard.type("return 1;", { delay: 120 });
  await expect(editor).toHaveText("return 1;");
  expect(await page.evaluate(() => document.activeElement?.closest(".cm-editor") !== null)).toBe(
    true,
  );
  const saved = page.waitForResponse((r) => r.request().method() === "POST");
  await page.keyboard.press("Control+s");
  expect((await saved).status()).toBe(201);
  const element = (await savedState()).document.dataElements.find((e) => e.name === "typed code");
  expect(element?.settings.source).toBe("return 1;");
});

async function openSendEventRule(): Promise<void> {
  await page.goto(`${server.origin}/studio/properties/${pid}/rules`);
  await page.getByRole("link", { name: "All Pages - Page View" }).click();
  await expect(page.getByRole("heading", { name: "All Pages - Page View" })).toBeVisible();
}

function sendEvent() {
  return page.getByRole("region", { name: /Send event/ }).first();
}

async function expand(region: ReturnType<typeof sendEvent>, name: RegExp) {
  const toggle = region.getByRole("button", { name }).first();
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
}

test("XDM typed as JSON into Send event is stored as an object, and text that is not is refused", async () => {
  await openSendEventRule();
  const send = sendEvent();
  await expand(send, /Send event/);
  const xdm = send.getByLabel("XDM data");
  await xdm.fill('{ "web": { "webPageDetails": { "name": "typed" } }');
  await expect(xdm).toHaveAttribute("aria-invalid", "true");
  await expect(send.getByText(/^Not valid JSON/)).toBeVisible();
  await page.keyboard.press("Control+s");
  await expect(bar()).toContainText(/problem/);
  for (const [name, width, height] of [
    ["desktop", 1440, 900],
    ["phone", 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await xdm.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), `form-fields-invalid-xdm-${name}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await xdm.fill('{ "web": { "webPageDetails": { "name": "typed" } } }');
  await expect(xdm).toHaveAttribute("aria-invalid", "false");
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && !r.url().endsWith("/presence"),
  );
  await page.keyboard.press("Control+s");
  expect((await saved).status()).toBe(200);
  await expect(bar().getByRole("status")).toHaveText("Saved");
  const rule = (await savedState()).document.rules.find((r) =>
    r.name.startsWith("All Pages - Page View"),
  )!;
  const action = rule.actions.find((a) => a.modulePath === "web-sdk/src/lib/actions/sendEvent.js")!;
  expect(action.settings.xdm).toEqual({ web: { webPageDetails: { name: "typed" } } });
});

test("an invalid JSON edit counts as an unsaved change: Save says why, leaving asks first", async () => {
  await openSendEventRule();
  const send = sendEvent();
  await expand(send, /Send event/);
  await expand(send, /^Advanced/);
  const overrides = send.getByLabel("Datastream overrides");
  await overrides.fill('{ "com_adobe_experience_platform": { "datasets": ');
  await expect(send.getByText(/^Not valid JSON/)).toBeVisible();
  await expect(bar().getByRole("status")).not.toHaveText("No unsaved changes");
  // Save does not store the text as the setting: it names the field instead.
  await page.keyboard.press("Control+s");
  await expect(bar()).toContainText(/problem/);
  const nav = page.getByRole("navigation", { name: "Property" });
  await nav.getByRole("link", { name: "Data elements" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(overrides).toHaveValue('{ "com_adobe_experience_platform": { "datasets": ');
});

test("JavaScript Tools names its operations in words and shows only the fields one reads", async () => {
  await page.goto(`${server.origin}/studio/properties/${pid}/data-elements/new`);
  await page.getByLabel("Type", { exact: true }).selectOption({ label: "JavaScript Tools" });
  const operation = page.getByRole("combobox", { name: "Operation", exact: true });
  await expect(operation.locator("option", { hasText: "Replace text" })).toHaveCount(1);
  await expect(operation.locator("option", { hasText: "simpleReplace" })).toHaveCount(0);
  await operation.selectOption({ label: "Part of the text (substring)" });
  await expect(page.getByLabel("From position")).toBeVisible();
  for (const [name, width, height] of [
    ["desktop", 1440, 900],
    ["phone", 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await operation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), `form-fields-javascript-tools-${name}.png`) });
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBe(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByLabel("Up to position")).toBeVisible();
  await expect(page.getByLabel("Text to find")).toHaveCount(0);
  await expect(page.getByLabel("Separator")).toHaveCount(0);
  await operation.selectOption({ label: "Length" });
  await expect(page.getByLabel("From position")).toHaveCount(0);
  await operation.selectOption({ label: "Replace text" });
  await expect(page.getByLabel("Text to find")).toBeVisible();
  await expect(page.getByLabel("Replace with")).toBeVisible();
  await expect(page.getByLabel("Regular expression")).toHaveCount(0);
});

test("a new component and a new list entry take the focus where they appear, named in the singular", async () => {
  await openSendEventRule();
  const events = page.getByRole("region", { name: "Events" });
  const before = await events.locator(".component-card").count();
  await page.getByRole("button", { name: "Add event" }).click();
  await expect(events.locator(".component-card")).toHaveCount(before + 1);
  await expect(page.getByLabel(`Event type`).last()).toBeFocused();
  await page.getByLabel("Event type").last().selectOption({ label: "Click" });
  const card = events.locator(".component-card").last();
  await card.getByRole("button", { name: "Add property" }).click();
  const entry = card.getByRole("group", { name: "Property 1" });
  await expect(entry).toBeVisible();
  await expect(entry.getByLabel("Property or attribute")).toBeFocused();
  await page.getByRole("button", { name: "Cancel" }).click();
});

test("a name longer than 255 characters is refused as it is typed; Save disabled then changes nothing", async () => {
  await openSendEventRule();
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("x".repeat(300));
  await expect(page.getByText("at most 255 characters; this name has 300")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(bar()).toContainText("1 problem");
  let puts = 0;
  page.on("request", (r) => {
    // Presence renewals (a PUT every 15 s while the editor is open) are not saves.
    if (r.method() === "PUT" && !r.url().endsWith("/presence")) puts++;
  });
  await bar().getByRole("button", { name: "Save disabled" }).click();
  await expect(name).toBeFocused();
  await expect(page.getByRole("checkbox", { name: "Enabled" })).toBeChecked();
  // A save of another field afterwards is the sentinel: had the refused saves sent a PUT, it
  // would have come before this one.
  await name.fill("All Pages - Page View");
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && !r.url().endsWith("/presence"),
  );
  await bar().getByRole("button", { name: "Save rule" }).click();
  expect((await saved).status()).toBe(200);
  expect(puts).toBe(1);
  const rule = (await savedState()).document.rules.find((r) => r.name === "All Pages - Page View");
  expect((rule as { enabled?: boolean } | undefined)?.enabled).not.toBe(false);
});

test("no console errors along the way", () => {
  expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});
