import AxeBuilder from "@axe-core/playwright";
import type { PropertyState } from "@liftoff/schema";
import { expect, test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createUser, openDemoStudio, signedInPage, type DemoStudio } from "./demoStudio.ts";

// A property's own report, made in the studio as its users make one: a report field and a
// report added in the property's Reporting settings, saved, events sent through the edge,
// and the report's rows on the Reports page (its table and its CSV).
// Full-page pictures at two widths (with LIFTOFF_SHOTS) take most of the time on a busy machine.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const pid = "PRpcmarketing";
const shots = process.env.LIFTOFF_SHOTS;
let studio: DemoStudio;
let page: Page;

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "property-reports");
  // A page of its own context, as axe's scan needs (openDemoStudio's password is the name's).
  page = await signedInPage(
    browser,
    studio.server.origin,
    "admin",
    "property-reports-e2e-admin-1",
    studio.errors,
  );
});
test.afterAll(async () => {
  await page?.context().close();
  await studio?.close();
});

const prop = (path: string) =>
  `${studio.server.origin}/studio/properties/${encodeURIComponent(pid)}/${path}`;

/** Screenshots at 1,440 × 900 and 390 × 844 when LIFTOFF_SHOTS names a folder. */
async function shoot(name: string, what?: () => ReturnType<Page["locator"]>) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const path = join(shots, `${name}-${width}.png`);
    if (what) await what().screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The page fits a 390 px phone without scrolling sideways; the window is set back after. */
async function expectFitsPhone() {
  await page.setViewportSize({ width: 390, height: 844 });
  // Charts follow their container's width through a ResizeObserver, a frame or more after the
  // window changes: the page must come to fit, and a lasting overflow still fails.
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function expectAxeClean() {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}

test("a field and a report added in the settings count the events sent through the edge", async () => {
  await page.goto(prop("settings"));
  const reporting = page.getByRole("group", { name: "Reporting" });
  await reporting.getByRole("button", { name: "Add field" }).click();
  const fields = await reporting.getByRole("textbox", { name: /^Name of field \d+$/ }).count();
  const row = `field ${fields}`;
  // The new row's name box has the focus: type straight into it.
  await expect(reporting.getByLabel(`Name of ${row}`, { exact: true })).toBeFocused();
  await page.keyboard.type("2plan");
  // The checker's words, as the author types.
  await expect(reporting.getByText(/^expected an identifier/)).toBeVisible();
  await reporting.getByLabel(`Name of ${row}`, { exact: true }).fill("plan");
  await expect(reporting.getByText(/^expected an identifier/)).toHaveCount(0);
  await reporting.getByLabel(`Label of ${row}`, { exact: true }).fill("Plan");
  await reporting.getByLabel(`Path 1 of ${row}`, { exact: true }).fill("xdm._acme.plan");
  await reporting.getByRole("button", { name: `Add a path to ${row}` }).click();
  await reporting.getByLabel(`Path 2 of ${row}`, { exact: true }).fill("data.plan");

  await reporting.getByRole("button", { name: "Add report" }).click();
  const reports = await reporting.locator("details.reporting-report").count();
  const report = reporting.getByRole("group", { name: new RegExp(`^Report ${reports}`) });
  await expect(report.getByLabel("Title", { exact: true })).toBeFocused();
  await page.keyboard.type("Plans chosen");
  await report.getByLabel("Name", { exact: true }).fill("plans");
  await report.getByLabel("Label column", { exact: true }).fill("plan");
  await report.getByLabel("Field 1", { exact: true }).selectOption({ label: "Plan" });
  await report.getByRole("button", { name: "Add measure" }).click();
  await report.getByLabel("Measure 2 column", { exact: true }).fill("visitors");
  await report.getByLabel("Measure 2 counts", { exact: true }).selectOption("visitors");
  await expect(reporting.getByRole("alert")).toHaveCount(0);
  await expectAxeClean();
  await expectFitsPhone();
  await shoot("settings-reporting", () => reporting);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status")).toContainText("Saved (settings revision");

  // Three events in one request (one visitor): two name the plan in XDM, one in data.
  const answer = await page.request.get(`${studio.server.origin}/api/datastreams`);
  const { datastreams } = (await answer.json()) as {
    datastreams: Array<{ id: string; propertyId: string; stage: string; allowedOrigins: string[] }>;
  };
  const stream = datastreams.find((d) => d.propertyId === pid && d.stage === "production")!;
  const view = { eventType: "web.webpagedetails.pageViews" };
  const sent = await page.request.post(
    `${studio.server.origin}/ee/v1/interact?configId=${stream.id}&requestId=0f6a5e1c-2222-4222-8333-444455556666`,
    {
      headers: { "content-type": "text/plain", origin: stream.allowedOrigins[0]! },
      data: JSON.stringify({
        events: [
          { xdm: { ...view, _acme: { plan: "gold" } } },
          { xdm: { ...view, _acme: { plan: "gold" } } },
          { xdm: view, data: { plan: "silver" } },
        ],
      }),
    },
  );
  expect(sent.status()).toBe(200);

  await page.goto(prop("reports"));
  const own = page.getByRole("region", { name: "Plans chosen" });
  await own.getByText("Table").click();
  const table = own.locator("details table");
  await expect(table.getByRole("row", { name: "gold 2 1" })).toBeVisible();
  await expect(table.getByRole("row", { name: "silver 1 1" })).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["plan", "events", "visitors"]);
  const csv = await page.request.get(
    `${studio.server.origin}${await own.getByRole("link", { name: "Download Plans chosen as CSV" }).getAttribute("href")}`,
  );
  expect(await csv.text()).toBe("plan,events,visitors\r\ngold,2,1\r\nsilver,1,1\r\n");
  // The chart is drawn (its module loads on use) before the page is checked and pictured.
  await expect(own.getByRole("img", { name: "Chart: Plans chosen" })).toHaveAttribute(
    "data-y-min",
    "0",
  );
  await expectAxeClean();
  await expectFitsPhone();
  await shoot("reports");
  await shoot("reports-own", () => own);
  expect(studio.errors).toEqual([]);
});

test("a property without reports points to its Reporting settings, which a viewer only reads", async ({
  browser,
}) => {
  const session = await page.request.get(`${studio.server.origin}/api/session`);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const created = await page.request.post(`${studio.server.origin}/api/properties`, {
    headers: { "x-csrf-token": csrfToken },
    data: { name: "Plain Site", domains: ["plain.example"] },
  });
  expect(created.status()).toBe(201);
  const fresh = ((await created.json()) as PropertyState).document.property.id;
  const base = `${studio.server.origin}/studio/properties/${encodeURIComponent(fresh)}`;
  await page.goto(`${base}/reports`);
  const pointer = page.getByText(/^This property has no reports of its own yet/);
  await expect(pointer).toBeVisible();
  await shoot("reports-without-own");
  await pointer.getByRole("link", { name: "Reporting in its settings" }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${fresh}/settings#reporting$`));
  const reporting = page.getByRole("group", { name: "Reporting" });
  await expect(
    reporting.getByText("No fields yet: reports can group by the generic fields below."),
  ).toBeInViewport();

  // A viewer reads the demo property's mapping with every box disabled and no buttons.
  await createUser(page, studio.server.origin, {
    username: "reader",
    password: "reader-e2e-viewer-1",
    role: "viewer",
  });
  const viewer = await signedInPage(
    browser,
    studio.server.origin,
    "reader",
    "reader-e2e-viewer-1",
    studio.errors,
  );
  await viewer.goto(prop("settings"));
  const readOnly = viewer.getByRole("group", { name: "Reporting" });
  await expect(readOnly.getByLabel("Name of field 1", { exact: true })).toHaveValue("searchTerm");
  await expect(readOnly.getByLabel("Name of field 1", { exact: true })).toBeDisabled();
  await expect(readOnly.getByRole("button")).toHaveCount(0);
  await viewer.context().close();
  expect(studio.errors).toEqual([]);
});
