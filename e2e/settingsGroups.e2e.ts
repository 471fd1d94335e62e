import { expect, test, type Page } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDemoStudio, type DemoStudio } from "./demoStudio.ts";
import type { RunningServer } from "./startServer.ts";

// A module's settings grouped under collapsible headings in the real studio: Core's click event
// keeps its bubbling and link-delay options under "Advanced", closed until asked for, and the
// keyboard opens and closes it. Checked at desktop and phone sizes without sideways scrolling.
test.describe.configure({ mode: "serial" });

const pid = "PRpcmarketing";
const ruleName = "Email Link Click";
let server: RunningServer;
let page: Page;
let errors: string[] = [];
let studio: DemoStudio | undefined;

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "settings-groups");
  ({ server, page, errors } = studio);
});
test.afterAll(async () => {
  await studio?.close();
});

/** The rule's click event card, expanded. */
async function openClickEvent() {
  await page.goto(`${server.origin}/studio/properties/${pid}/rules`);
  await page.getByRole("link", { name: ruleName }).click();
  await expect(page.getByRole("heading", { name: ruleName })).toBeVisible();
  const card = page.getByRole("region", { name: "Event 1: Click" });
  const title = card.getByRole("button", { name: /^Event 1: Click/ });
  if ((await title.getAttribute("aria-expanded")) === "false") await title.click();
  return card;
}

test("the keyboard reaches, opens and closes the Advanced group; its fields are labelled", async () => {
  const card = await openClickEvent();
  const advanced = card.getByRole("button", { name: /^Advanced/ });
  await expect(advanced).toHaveAttribute("aria-expanded", "false");
  await expect(advanced).toHaveText("Advanced4 settings");
  const stop = card.getByRole("checkbox", {
    name: "Stop rules for outer elements after this one runs",
  });
  await expect(stop).toBeHidden();

  // Tab from the last control before the group lands on its heading, with a visible outline.
  await card.getByRole("button", { name: "Add property" }).focus();
  await page.keyboard.press("Tab");
  await expect(advanced).toBeFocused();
  expect(await advanced.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe("solid");

  await page.keyboard.press("Enter");
  await expect(advanced).toHaveAttribute("aria-expanded", "true");
  const group = card.getByRole("group", { name: "Advanced" });
  await expect(group.getByLabel("Hold a clicked link (ms)")).toBeVisible();
  await expect(stop).toBeVisible();
  await expect(stop).not.toBeChecked();
  await expect(
    group.getByRole("checkbox", {
      name: "Also run when the event starts inside a matching element",
    }),
  ).toBeChecked();

  await page.keyboard.press("Space");
  await expect(advanced).toHaveAttribute("aria-expanded", "false");
  await expect(stop).toBeHidden();
  await page.keyboard.press("Space");
  await expect(stop).toBeVisible();
  expect(errors).toEqual([]);
});

for (const [name, width, height] of [
  ["desktop", 1440, 900],
  ["phone", 390, 844],
] as const) {
  test(`a grouped form fits ${width} × ${height} without scrolling sideways`, async () => {
    await page.setViewportSize({ width, height });
    const card = await openClickEvent();
    await card.getByRole("button", { name: /^Advanced/ }).click();
    const group = card.getByRole("group", { name: "Advanced" });
    await group.scrollIntoViewIfNeeded();
    const box = (await group.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(tmpdir(), `settings-groups-${name}.png`) });
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBe(0);
  });
}

test("the Web SDK extension's settings are grouped, the edge address in an open group", async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.origin}/studio/properties/${pid}/extensions`);
  const instance = page
    .getByRole("form", { name: "Web SDK" })
    .getByRole("group", { name: "Instance 1" });
  await expect(instance.getByRole("button", { name: /^Where events are sent/ })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(instance.getByLabel("Edge server address")).toBeVisible();
  await expect(instance.getByRole("button", { name: /^Identity/ })).toBeVisible();
  await page.screenshot({ path: join(tmpdir(), "settings-groups-web-sdk.png"), fullPage: true });
  expect(errors).toEqual([]);
});
