import type { DatastreamInfo, PropertyState } from "@liftoff/schema";
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot, startServer, type RunningServer } from "./startServer.ts";

// A team's first morning with a fresh `liftoff serve` (no --demo), in Chromium: the studio
// starts empty and offers to create a property or import a Launch library; both work from
// the page; a new environment's datastream refuses every web page until an admin lists the
// site's origin on the Environments page, and then takes that origin's events only.
test.describe.configure({ mode: "serial" });

const password = "first-run-admin-1";
const siteOrigin = "https://www.agency.example";
/** A Launch production library shaped like a real build (the builder's import fixture). */
const launchLibrary = join(
  repoRoot,
  "packages/builder/test/fixtures/launch-EN4f2b1c0d9e8a7b6c5d4e3f2a1b0c9d8e-production.min.js",
);
let server: RunningServer;
let page: Page;
let pid: string;
const errors: string[] = [];

test.beforeAll(async ({ browser }) => {
  server = await startServer(["--data", mkdtempSync(join(tmpdir(), "liftoff-first-run-"))], {
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
});

const studio = (path = "") => `${server.origin}/studio/${path}`;

test("a fresh studio is empty and offers to create a property or import a Launch library", async () => {
  await page.goto(studio());
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "No properties yet" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Create a property" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import a Launch library" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("a built Launch library imports from the empty page into a new property", async () => {
  await page.goto(studio());
  await page.getByLabel("File", { exact: true }).setInputFiles(launchLibrary);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  // What did not map is said before the property opens: the fixture's own extension and the
  // environments the container lacked.
  const report = page.getByRole("region", { name: /^Imported/ });
  await expect(report.getByRole("listitem").filter({ hasText: "acme-pixel" })).toContainText(
    "2 modules kept as the library had them",
  );
  await expect(report).toContainText("the container carried no development, staging environment");
  await report.getByRole("link", { name: /^Open / }).click();
  await expect(page).toHaveURL(/\/studio\/properties\/PR/);
  await page.goto(studio());
  await expect(page.getByRole("table").getByRole("link")).toHaveCount(1);
});

test("a property created from the page gets datastreams that refuse every web page", async () => {
  await page.getByLabel("Name").fill("Agency Site");
  await page.getByLabel("Organization id").fill("0123456789ABCDEF01234567@AdobeOrg");
  await page.getByLabel("Domains (one per line)").fill("www.agency.example");
  await page.getByRole("button", { name: "Create property" }).click();
  await expect(page).toHaveURL(/\/properties\/PR[^/]+\/settings$/);
  pid = decodeURIComponent(/\/properties\/(PR[^/]+)\/settings$/.exec(page.url())![1]!);
  const state = (await (
    await page.request.get(`${server.origin}/api/properties/${pid}`)
  ).json()) as PropertyState;
  expect(state.document.property.name).toBe("Agency Site");
  const streams = await datastreams();
  expect(streams.length).toBe(3);
  for (const stream of streams) expect(stream.allowedOrigins).toEqual([]);
  expect(await interact(streams[0]!.id, siteOrigin)).toBe(403);
});

test("an admin lists the site's origin on the Environments page; the edge then takes its events", async () => {
  await page.goto(studio(`properties/${encodeURIComponent(pid)}/environments`));
  const development = page.getByRole("region", { name: /^Development/ });
  await expect(development.getByText("None: the edge refuses events")).toBeVisible();
  await development.getByLabel("Add an origin").fill(`${siteOrigin}/path`);
  await development.getByRole("button", { name: "Add", exact: true }).click();
  // A path is not an origin: the field's problem says what a browser would send.
  await expect(
    development.getByText(/without a path: https:\/\/www\.agency\.example/),
  ).toBeVisible();
  await development.getByLabel("Add an origin").fill(siteOrigin);
  await development.getByRole("button", { name: "Add", exact: true }).click();
  await expect(development.getByRole("list", { name: /Allowed origins/ })).toContainText(
    siteOrigin,
  );
  await page.screenshot({ path: join(repoRoot, ".reports/first-run-environments.png") });

  const stream = (await datastreams()).find((d) => d.stage === "development")!;
  expect(stream.allowedOrigins).toEqual([siteOrigin]);
  expect(await interact(stream.id, siteOrigin)).toBe(200);
  expect(await interact(stream.id, "https://elsewhere.example")).toBe(403);
});

test("no console errors other than the refused origin's problem along the way", () => {
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});

async function datastreams(): Promise<DatastreamInfo[]> {
  const res = await page.request.get(`${server.origin}/api/datastreams`);
  const all = ((await res.json()) as { datastreams: DatastreamInfo[] }).datastreams;
  return all.filter((d) => d.propertyId === pid);
}

/** One page view to the edge as a page on `origin` sends it; answers the status. */
async function interact(configId: string, origin: string): Promise<number> {
  const res = await fetch(`${server.origin}/ee/v1/interact?configId=${configId}`, {
    method: "POST",
    headers: { "content-type": "text/plain", origin },
    body: JSON.stringify({
      events: [{ xdm: { eventType: "web.webpagedetails.pageViews" } }],
      meta: { state: { domain: "agency.example", cookiesEnabled: true } },
    }),
  });
  return res.status;
}
