import AxeBuilder from "@axe-core/playwright";
import type { LibraryInfo, PropertyState } from "@liftoff/schema";
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "./startServer.ts";

// Every studio page against a real `liftoff serve --demo`, scanned by axe-core (WCAG 2 A and
// AA rules) at 1,440 × 900 and 390 × 844: no serious or critical violation, and no page
// scrolls sideways.
test.describe.configure({ mode: "serial" });

const password = "axe-e2e-admin-12";
const pid = "PRpcmarketing";
let server: RunningServer;
let page: Page;
const pages: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  server = await startServer(
    ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), "liftoff-axe-"))],
    { LIFTOFF_ADMIN_PASSWORD: password, LIFTOFF_LOG_LEVEL: "warn" },
  );
  // axe runs its frames through the context, so the page needs one of its own.
  page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}/studio/`);
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "PC Marketing" })).toBeVisible();
  const api = (path: string) => page.request.get(`${server.origin}/api/properties/${pid}${path}`);
  const state = (await (await api("")).json()) as PropertyState;
  const libraries = (await (await api("/libraries")).json()) as LibraryInfo[];
  const p = `properties/${pid}`;
  // A preview session with one page view run through it, so its panel has content to scan.
  const session = (await (await page.request.get(`${server.origin}/api/session`)).json()) as {
    csrfToken: string;
  };
  const { datastreams } = (await (
    await page.request.get(`${server.origin}/api/datastreams`)
  ).json()) as {
    datastreams: Array<{ allowedOrigins: string[] }>;
  };
  const demoOrigin = datastreams[0]!.allowedOrigins[0]!;
  const started = await page.request.post(`${server.origin}/api/properties/${pid}/previews`, {
    headers: { "x-csrf-token": session.csrfToken },
    data: { url: `${demoOrigin}/` },
  });
  expect(started.status(), await started.text()).toBe(201);
  const preview = (await started.json()) as { id: string; link: string };
  const site = await page.context().newPage();
  await site.goto(preview.link, { waitUntil: "load" });
  await site.waitForFunction(
    () => (window as { _satellite?: { buildInfo?: unknown } })._satellite?.buildInfo,
  );
  await site.close();
  pages.push(
    "",
    "audit",
    "users",
    p,
    `${p}/settings`,
    `${p}/problems`,
    `${p}/rules`,
    `${p}/rules/${state.document.rules[0]!.id}`,
    `${p}/rules/new`,
    `${p}/data-elements`,
    `${p}/data-elements/${state.document.dataElements[0]!.id}`,
    `${p}/extensions`,
    `${p}/libraries`,
    `${p}/libraries/${libraries[0]!.id}`,
    `${p}/environments`,
    `${p}/revisions`,
    `${p}/events`,
    `${p}/reports`,
    `${p}/audit`,
    `${p}/preview`,
    `${p}/preview/${preview.id}`,
  );
});
test.afterAll(async () => {
  await page?.context().close();
  await server?.stop();
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const)
  test(`every studio page at ${width} × ${height}: no serious or critical axe violation, no sideways scroll`, async () => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const found: string[] = [];
    for (const path of pages) {
      await page.goto(`${server.origin}/studio/${path}`);
      // The page has drawn its data: its main heading is there and nothing is still loading.
      await expect(page.locator("main h1").first()).toBeVisible();
      await expect(page.getByText("Loading…").filter({ visible: true })).toHaveCount(0);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      for (const v of results.violations)
        if (v.impact === "serious" || v.impact === "critical")
          found.push(
            `/${path} ${v.id} (${v.impact}): ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(" "))
              .join(" | ")}`,
          );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      if (overflow > 0) found.push(`/${path} scrolls sideways by ${overflow} px`);
    }
    expect(found).toEqual([]);
  });
