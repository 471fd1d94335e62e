import type { PropertyState } from "@liftoff/schema";
import { expect, test, type Page } from "@playwright/test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot, startServer, type RunningServer } from "./startServer.ts";

// A team imports the Launch library of a property they already brought over: the studio
// offers to open it, import the library as a copy, or update the property from it, and an
// update shows what it changes before anything is written. The library is the builder's own
// fixture (our code shaped like a Launch build).
test.describe.configure({ mode: "serial" });

const password = "import-again-admin-1";
const LIBRARY = join(
  repoRoot,
  "packages/builder/test/fixtures/launch-build/BL5a17c0de/launch-EN00000000000000000000000000000abc.js",
);
const PID = "PR00000000000000000000000000000abc";
const SHOTS = process.env.LIFTOFF_SHOTS ?? join(repoRoot, ".reports/import-again");
let server: RunningServer;
let page: Page;
const scratch = mkdtempSync(join(tmpdir(), "liftoff-import-again-"));
const errors: string[] = [];

test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer(["--data", join(scratch, "data")], {
    LIFTOFF_ADMIN_PASSWORD: password,
    LIFTOFF_LOG_LEVEL: "warn",
  });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("console", (m) => m.type() === "error" && !isExpected(m.text()) && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The browser logs every failed request; the 409 of a second import is the point here. */
const isExpected = (text: string) => text.includes("status of 409");

/** The page never scrolls sideways; a screenshot of it at both widths for a person to look at. */
async function shoot(name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Picks `file` in the "Import a Launch library" form and sends it. */
async function importFile(file: string) {
  await page.goto(`${server.origin}/studio/`);
  const form = page.getByRole("form", { name: "Import a Launch library" });
  await form.getByLabel("File", { exact: true }).setInputFiles(file);
  await form.getByRole("button", { name: "Import", exact: true }).click();
}

const property = async (pid: string) =>
  (await (
    await page.request.get(`${server.origin}/api/properties/${pid}`)
  ).json()) as PropertyState;

test("a second import offers to open, copy or update the property already here", async () => {
  await page.goto(`${server.origin}/studio/`);
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Properties", level: 1 })).toBeVisible();
  await importFile(LIBRARY);
  await expect(page.getByRole("region", { name: "Imported “Acme survey site”" })).toBeVisible();

  await importFile(LIBRARY);
  const panel = page.getByRole("region", { name: "“Acme survey site” is already here" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("link", { name: "Open “Acme survey site”" })).toHaveAttribute(
    "href",
    `/studio/properties/${PID}`,
  );
  await shoot("panel");

  await panel.getByRole("button", { name: "Import as a copy" }).click();
  const report = page.getByRole("region", { name: "Imported “Acme survey site (copy)”" });
  await expect(report).toBeVisible();
  const href = (await report.getByRole("link", { name: /^Open / }).getAttribute("href"))!;
  const copyId = decodeURIComponent(href.split("/").at(-1)!);
  expect(copyId).not.toBe(PID);
  const copy = await property(copyId);
  expect(JSON.stringify(copy.document)).not.toContain(PID);
  expect((await property(PID)).revision).toBe(1);
  expect(errors).toEqual([]);
});

test("an update shows what it changes, then changes only that", async () => {
  // The same library a week later: one rule renamed.
  const later = join(scratch, "launch-later.js");
  writeFileSync(later, readFileSync(LIBRARY, "utf8").replace('name: "Ready"', 'name: "Ready v2"'));
  const before = await property(PID);
  const surveyRevision = before.resources.find((r) => r.name === "Survey")!.revision;

  await importFile(later);
  const panel = page.getByRole("region", { name: "“Acme survey site” is already here" });
  await panel.getByRole("button", { name: "Update “Acme survey site”" }).click();
  await expect(panel.getByRole("heading", { name: "What the update changes" })).toBeFocused();
  await expect(panel).toContainText("1 rule changed (from revision 1 of “Acme survey site”)");
  await expect(panel.getByRole("listitem")).toHaveText(["changed rule “Ready v2”"]);
  await shoot("update-preview");
  // Nothing is written by the comparison.
  expect((await property(PID)).revision).toBe(1);

  await panel.getByRole("button", { name: "Confirm update" }).click();
  const report = page.getByRole("region", { name: "Updated “Acme survey site”" });
  await expect(report).toContainText("1 rule changed, as revision 2");
  await shoot("update-report");
  const after = await property(PID);
  expect(after.revision).toBe(2);
  expect(after.document.rules.map((r) => r.name)).toEqual(["Survey", "Ready v2"]);
  expect(after.resources.find((r) => r.name === "Survey")!.revision).toBe(surveyRevision);
  expect(errors).toEqual([]);
});
