import type { PropertyState } from "@liftoff/schema";
import { expect, test, type Page } from "@playwright/test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot, startServer, type RunningServer } from "./startServer.ts";

// A team brings a downloaded Launch build into the studio: they pick its folder on the
// Properties page, the studio sends every text file, and the new property carries the
// extension's hosted file and the external custom code instead of pointing at Adobe's CDN.
// The folder is the builder's own fixture (our code shaped like a Launch build), copied with
// a stray image and a .DS_Store as a real download folder has.
test.describe.configure({ mode: "serial" });

const password = "import-folder-admin-1";
const FIXTURE = join(repoRoot, "packages/builder/test/fixtures/launch-build");
const HOSTED = join(FIXTURE, "BL5a17c0de/hostedLibFiles/EPacmesurvey/lib.js");
const LIBRARY = "launch-EN00000000000000000000000000000abc.js";
const FIXTURE_ID = "PR00000000000000000000000000000abc";
const EXTERNAL_CODE = 'window.__fired.push("external code on " + event.$type + ", 100%");';
let server: RunningServer;
let page: Page;
let folder: string;
const scratch = mkdtempSync(join(tmpdir(), "liftoff-import-folder-"));
const errors: string[] = [];

test.beforeAll(async ({ browser }) => {
  folder = join(scratch, "launch-build");
  cpSync(FIXTURE, folder, { recursive: true });
  writeFileSync(join(folder, ".DS_Store"), "\0\0\0\x01Bud1");
  writeFileSync(join(folder, "BL5a17c0de/logo.png"), "\x89PNG\r\n");
  server = await startServer(["--data", join(scratch, "data")], {
    LIFTOFF_ADMIN_PASSWORD: password,
    LIFTOFF_LOG_LEVEL: "warn",
  });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The page never scrolls sideways; a screenshot of it at this width for a person to look at. */
async function shoot(name: string, width: number, height: number) {
  await page.setViewportSize({ width, height });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: join(repoRoot, `.reports/import-folder-${name}-${width}.png`),
    fullPage: true,
  });
}

test("an admin picks a build folder; the report lists what it did", async () => {
  await page.goto(`${server.origin}/studio/`);
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const form = page.getByRole("form", { name: "Import a build folder" });
  await form.getByLabel("Build folder").setInputFiles(folder);
  await expect(form.getByRole("status")).toHaveText("3 files to send.");
  await expect(form).toContainText("launch-build/BL5a17c0de/logo.png: not a text file");
  await expect(form).not.toContainText(".DS_Store");
  await shoot("form", 1440, 900);
  await shoot("form", 390, 844);
  await page.setViewportSize({ width: 1440, height: 900 });

  await form.getByRole("button", { name: "Import build folder" }).click();
  const report = page.getByRole("region", { name: /^Imported “/ });
  await expect(report).toBeVisible();
  // Everything the container refers to was in the folder: nothing missing, nothing on Adobe.
  await expect(report).not.toContainText("missing file");
  await expect(report).not.toContainText("validation:");
  await expect(report).toContainText(
    'Files the property keeps and Liftoff serves: acme-survey/lib.js, external code of rule "Ready".',
  );
  await shoot("report", 1440, 900);
  await shoot("report", 390, 844);
  await page.setViewportSize({ width: 1440, height: 900 });

  const open = report.getByRole("link", { name: /^Open / });
  const href = (await open.getAttribute("href"))!;
  const pid = decodeURIComponent(href.split("/").at(-1)!);
  const res = await page.request.get(`${server.origin}/api/properties/${pid}`);
  const { document } = (await res.json()) as PropertyState;
  const survey = document.extensions.find((e) => e.name === "acme-survey")!;
  expect(survey.hostedFiles).toEqual({ "lib.js": readFileSync(HOSTED, "utf8") });
  const external = document.rules.flatMap((r) => r.actions).find((a) => a.settings?.isExternal);
  expect(external?.settings?.source).toBe(EXTERNAL_CODE);
  expect(errors).toEqual([]);
});

test("a folder without its hosted files imports with them listed as missing", async () => {
  rmSync(join(folder, "BL5a17c0de/hostedLibFiles"), { recursive: true });
  // Another property: the first import holds the fixture's id.
  const library = join(folder, `BL5a17c0de/${LIBRARY}`);
  writeFileSync(library, readFileSync(library, "utf8").replace(FIXTURE_ID, "PRsecondimport"));
  await page.goto(`${server.origin}/studio/`);
  const form = page.getByRole("form", { name: "Import a build folder" });
  await form.getByLabel("Build folder").setInputFiles(folder);
  await expect(form.getByRole("status")).toHaveText("2 files to send.");
  await form.getByRole("button", { name: "Import build folder" }).click();
  const report = page.getByRole("region", { name: /^Imported “/ });
  await expect(
    report.getByText(/^missing file: \S+EPacmesurvey\/lib\.js \(extension "acme-survey"/),
  ).toBeVisible();
  await expect(report).not.toContainText("missing file: https://assets.adobedtm.com/0a1b");
  await expect(report).toContainText(
    'Files the property keeps and Liftoff serves: external code of rule "Ready".',
  );
  expect(errors).toEqual([]);
});
