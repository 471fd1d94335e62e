import { expect, test, type Page } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDemoStudio, type DemoStudio } from "./demoStudio.ts";
import type { RunningServer } from "./startServer.ts";

// The demo's insurance property fills one Web SDK Variable from 17 rules: the problems page
// lists the fields that can leak between their events as warnings, apart from problems
// (the revision still "can be built"), at a desktop and a phone width.
test.describe.configure({ mode: "serial" });

const pid = "PRpcmarketing";
let server: RunningServer;
let page: Page;
let errors: string[] = [];
let studio: DemoStudio | undefined;

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "variable-leaks");
  ({ server, page, errors } = studio);
});
test.afterAll(async () => {
  await studio?.close();
});

for (const [name, width, height] of [
  ["desktop", 1440, 900],
  ["phone", 390, 844],
] as const) {
  test(`the problems page lists the leaks as warnings (${name})`, async () => {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.origin}/studio/properties/${pid}/problems`);
    await expect(page.getByText(/has no validation problems; it can be built/)).toBeVisible();
    const section = page.getByRole("region", { name: /^Warnings \(\d+\)$/ });
    await expect(section).toBeVisible();
    // Download Link Click's downloaded file name (eVar9) stays for the next click's event.
    await expect(
      section.getByRole("listitem").filter({
        hasText:
          '"Download Link Click" sets _experience.analytics.customDimensions.eVars.eVar9 that "Email Link Click"',
      }),
    ).toHaveCount(1);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBe(0);
    await page.screenshot({ path: join(tmpdir(), `variable-leaks-${name}.png`), fullPage: false });
  });
}

test("the warning links to the rule that sets the fields", async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.origin}/studio/properties/${pid}/problems`);
  await page
    .getByRole("region", { name: /^Warnings/ })
    .getByRole("link", { name: 'rule "Download Link Click" › action 1' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/rules\/RLpc_download_link_click$/);
});

test("no console errors along the way", () => {
  expect(errors).toEqual([]);
});
