import { expect, test, type Page } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDemoStudio, type DemoStudio } from "./demoStudio.ts";
import type { RunningServer } from "./startServer.ts";

// The rule editor against a real `liftoff serve --demo`: Ctrl+S saves and says "Saved", a link
// away from unsaved edits asks first, and the Save bar stays in view at desktop and phone sizes
// without the page scrolling sideways.
test.describe.configure({ mode: "serial" });

const pid = "PRpcmarketing";
const ruleName = "All Pages - Page View";
let server: RunningServer;
let page: Page;
let errors: string[] = [];
let studio: DemoStudio | undefined;

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "rule-editor");
  ({ server, page, errors } = studio);
});
test.afterAll(async () => {
  await studio?.close();
});

async function openRule() {
  await page.goto(`${server.origin}/studio/properties/${pid}/rules`);
  await page.getByRole("link", { name: ruleName }).click();
  await expect(page.getByRole("heading", { name: ruleName })).toBeVisible();
}

const bar = () => page.getByRole("group", { name: "Save" });

test("Ctrl+S saves the rule and the bar says Saved", async () => {
  await openRule();
  await expect(bar().getByRole("status")).toHaveText("No unsaved changes");
  await page.getByLabel("Name", { exact: true }).fill(`${ruleName} (edited)`);
  await expect(bar().getByRole("status")).toHaveText("Unsaved changes");
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().includes(`/properties/${pid}/rules/`),
  );
  await page.keyboard.press("Control+s");
  expect((await saved).status()).toBe(200);
  await expect(bar().getByRole("status")).toHaveText("Saved");
  await expect(bar()).toContainText("Revision 2");
  const state = await page.request.get(`${server.origin}/api/properties/${pid}`);
  const names = ((await state.json()) as { document: { rules: { name: string }[] } }).document
    .rules;
  expect(names.map((r) => r.name)).toContain(`${ruleName} (edited)`);
});

test("a nav link away from unsaved edits asks; Cancel stays, Leave goes", async () => {
  await page.getByLabel("Name", { exact: true }).fill(`${ruleName} (half done)`);
  const nav = page.getByRole("navigation", { name: "Property" });
  await nav.getByRole("link", { name: "Data elements" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/rules\/RL/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`${ruleName} (half done)`);
  await nav.getByRole("link", { name: "Data elements" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/data-elements$/);
});

for (const [name, width, height] of [
  ["desktop", 1440, 900],
  ["phone", 390, 844],
] as const) {
  test(`the Save bar stays in view at ${width} × ${height}, nothing scrolls sideways`, async () => {
    await page.setViewportSize({ width, height });
    await openRule();
    await page.getByLabel("Name", { exact: true }).fill(`${ruleName} (${name})`);
    const inView = async () => {
      const box = (await bar().boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(height + 1);
      expect(box.y).toBeGreaterThan(0);
    };
    await inView();
    await page.screenshot({ path: join(tmpdir(), `rule-editor-${name}-top.png`) });
    await page.mouse.wheel(0, 1200);
    await expect(bar()).toBeInViewport();
    await inView();
    await page.screenshot({ path: join(tmpdir(), `rule-editor-${name}-scrolled.png`) });
    // A control below the fold, focused, scrolls into view above the bar, not behind it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const below = page.getByRole("button", { name: "Add action" });
    expect((await below.boundingBox())!.y).toBeGreaterThan(height);
    await below.focus();
    const field = (await below.boundingBox())!;
    const barBox = (await bar().boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(barBox.y + 1);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBe(0);
  });
}

test("update-variable picks its Variable by name and stores typed JSON as an object", async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openRule();
  const action = page.getByRole("region", { name: /^Action 1: Update variable/ });
  const toggle = action.getByRole("button", { name: /^Action 1: Update variable/ });
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  const picker = action.getByLabel("Variable to update");
  await expect(picker.locator("option:checked")).toHaveText("analytics variable");
  const data = action.getByLabel("Values to set");
  await data.fill('{ "web": { "webPageDetails": { "name": "home" }');
  await expect(data).toHaveAttribute("aria-invalid", "true");
  await expect(action.getByText(/^Not valid JSON/)).toBeVisible();
  await data.fill('{ "web": { "webPageDetails": { "name": "%page name%" } } }');
  await expect(data).toHaveAttribute("aria-invalid", "false");
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && !r.url().endsWith("/presence"),
  );
  await page.keyboard.press("Control+s");
  expect((await saved).status()).toBe(200);
  await expect(bar().getByRole("status")).toHaveText("Saved");
  const state = (await (
    await page.request.get(`${server.origin}/api/properties/${pid}`)
  ).json()) as {
    document: { rules: { name: string; actions: { settings: Record<string, unknown> }[] }[] };
  };
  const rule = state.document.rules.find((r) => r.name.startsWith(ruleName))!;
  expect(rule.actions[0]!.settings.data).toEqual({
    web: { webPageDetails: { name: "%page name%" } },
  });
  expect(rule.actions[0]!.settings.dataElementCacheId).toBe("pc-analytics-xdm");
});

test("send-event offers XDM event types and warns about a miscased one", async () => {
  const send = page.getByRole("region", { name: /Send event/ }).first();
  const toggle = send.getByRole("button", { name: /Send event/ });
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  const type = send.getByLabel("Event type", { exact: true });
  await type.fill("web.webInteraction.linkClicks");
  await expect(send.getByRole("status")).toHaveText(
    /XDM spells it web\.webinteraction\.linkClicks/,
  );
  await type.fill("web.webinteraction.linkClicks");
  await expect(send.getByRole("status")).toHaveCount(0);
  await page.screenshot({ path: join(tmpdir(), "rule-editor-widgets.png"), fullPage: false });
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(bar().getByRole("status")).toHaveText("No unsaved changes");
});

test("no console errors along the way", () => {
  expect(errors).toEqual([]);
});
