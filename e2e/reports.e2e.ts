import type { PropertyState } from "@liftoff/schema";
import { expect, test, type Page } from "@playwright/test";
import { join } from "node:path";
import { openDemoStudio, type DemoStudio } from "./demoStudio.ts";
import { repoRoot, type RunningServer } from "./startServer.ts";

// Reports in Chromium against the real server: bar charts of the insurance property start at
// zero with readable labels and a CSV per report, at desktop and phone widths without sideways
// scrolling; a new property with no events says how to get data.
test.describe.configure({ mode: "serial" });

const pid = "PRpcmarketing";
const longPage = "pc:insurance:auto:quote:start:vehicle-details:step-one";
let server: RunningServer;
let page: Page;
let errors: string[] = [];
let studio: DemoStudio | undefined;

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "reports");
  ({ server, page, errors } = studio);
});
test.afterAll(async () => {
  await studio?.close();
});

const reports = (property: string) =>
  `${server.origin}/studio/properties/${encodeURIComponent(property)}/reports`;

/** Sends page views to the insurance property's production datastream as its site would. */
async function sendPageViews(): Promise<void> {
  const answer = await page.request.get(`${server.origin}/api/datastreams`);
  const { datastreams } = (await answer.json()) as {
    datastreams: Array<{ id: string; propertyId: string; stage: string; allowedOrigins: string[] }>;
  };
  const stream = datastreams.find((d) => d.propertyId === pid && d.stage === "production")!;
  // Ten visits that scroll to the bottom: every scroll step has 10, the shape whose axis
  // used to run from 9 to 11.
  const scrolled = (name: string) => ({
    xdm: {
      eventType: "web.webpagedetails.pageViews",
      web: { webPageDetails: { name, URL: `${stream.allowedOrigins[0]}/p` } },
      _experience: {
        analytics: {
          event1to100: Object.fromEntries([18, 19, 20, 21].map((n) => [`event${n}`, { value: 1 }])),
        },
      },
    },
  });
  const events = [
    ...Array.from({ length: 10 }, (_, i) => scrolled(`pc:page-${i % 3}`)),
    scrolled(longPage),
  ];
  const res = await page.request.post(
    `${server.origin}/ee/v1/interact?configId=${stream.id}&requestId=0f6a5e1c-1111-4222-8333-444455556666`,
    {
      headers: { "content-type": "text/plain", origin: stream.allowedOrigins[0]! },
      data: JSON.stringify({ events }),
    },
  );
  expect(res.status()).toBe(200);
}

async function expectNoSidewaysScroll(): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("bar charts start at zero, labels fit, and each report has a CSV", async () => {
  await sendPageViews();
  await page.goto(reports(pid));
  const funnel = page.getByRole("img", { name: "Chart: Scroll-depth funnel" });
  await expect(funnel).toHaveAttribute("data-y-min", "0");
  const top = page.getByRole("img", { name: "Chart: Top pages" });
  await expect(top).toHaveAttribute("data-y-min", "0");
  for (const chart of await page.locator(".chart[data-y-min]").all())
    await expect(chart).toHaveAttribute("data-y-min", "0");
  // The long page name is drawn shortened; hovering its bar shows it whole in the legend.
  const over = top.locator(".u-over");
  const size = (await over.boundingBox())!;
  // Four bars; the long name is the fourth (one view).
  await over.hover({ position: { x: size.width * (3.5 / 4), y: size.height - 4 } });
  await expect(top.locator(".u-legend")).toContainText(longPage);
  // Reports the property's events do not fill name the fields they read.
  await expect(page.getByRole("region", { name: "Search terms and success rate" })).toContainText(
    "No data in this range. This report reads Search term (eVar7)",
  );
  const csv = page.getByRole("link", { name: "Download Scroll-depth funnel as CSV" });
  const answer = await page.request.get(`${server.origin}${await csv.getAttribute("href")}`);
  expect(answer.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="scrollFunnel_/);
  expect(await answer.text()).toBe(
    "depth,events,visitors\r\n25%,11,1\r\n50%,11,1\r\n75%,11,1\r\n100%,11,1\r\n",
  );
  await expectNoSidewaysScroll();
  await page.screenshot({ path: join(repoRoot, ".reports/reports-1440.png"), fullPage: true });
  await page
    .getByRole("region", { name: "Top pages" })
    .screenshot({ path: join(repoRoot, ".reports/reports-top-pages-1440.png") });
});

test("top clicked links name each link, and scrolls sent as link clicks are not clicks", async () => {
  const answer = await page.request.get(`${server.origin}/api/datastreams`);
  const { datastreams } = (await answer.json()) as {
    datastreams: Array<{ id: string; propertyId: string; stage: string; allowedOrigins: string[] }>;
  };
  const stream = datastreams.find((d) => d.propertyId === pid && d.stage === "production")!;
  const interaction = (name: string, type: string, URL?: string) => ({
    xdm: {
      eventType: "web.webinteraction.linkClicks",
      web: { webInteraction: { name, type, ...(URL ? { URL } : {}), linkClicks: { value: 1 } } },
    },
  });
  const res = await page.request.post(
    `${server.origin}/ee/v1/interact?configId=${stream.id}&requestId=0f6a5e1c-1111-4222-8333-444455556667`,
    {
      headers: { "content-type": "text/plain", origin: stream.allowedOrigins[0]! },
      data: JSON.stringify({
        events: [
          interaction("Get a quote", "other", `${stream.allowedOrigins[0]}/quote`),
          ...["25", "50", "75", "100"].map((n) => interaction(`scroll ${n}%`, "other")),
        ],
      }),
    },
  );
  expect(res.status()).toBe(200);
  await page.goto(reports(pid));
  const top = page.getByRole("region", { name: "Top clicked links" });
  await top.getByText("Table").click();
  // The table under "Table" (the chart's legend is a table too).
  await expect(top.locator("details table")).toContainText(
    `Get a quote — ${stream.allowedOrigins[0]}/quote`,
  );
  const byType = page.getByRole("region", { name: "Link clicks by type" });
  await byType.getByText("Table").click();
  // One click of type "other": the four scrolls are not counted.
  await expect(byType.getByRole("row", { name: "other 1" })).toBeVisible();
  await top.screenshot({ path: join(repoRoot, ".reports/reports-top-links-1440.png") });
});

test("a breakdown by any field, with a second dimension, is a link and a CSV", async () => {
  await page.goto(reports(pid));
  await page.getByRole("link", { name: "Break events down by any field" }).click();
  const form = page.getByRole("form", { name: "Breakdown" });
  await form.getByLabel("Field").fill("xdm.web.webInteraction.name");
  await form.getByLabel("Then by (optional)").fill("xdm.web.webInteraction.type");
  await form.getByLabel("Only event type").fill("web.webinteraction.linkClicks");
  await form.getByRole("button", { name: "Run" }).click();
  await expect(page).toHaveURL(
    /field=xdm\.web\.webInteraction\.name&by=xdm\.web\.webInteraction\.type/,
  );
  const report = page.getByRole("region", { name: /^Events by xdm\.web\.webInteraction\.name/ });
  const table = report.locator(".table-scroll table");
  await expect(table.getByRole("row", { name: "Get a quote other 1" })).toBeVisible();
  await expect(table.getByRole("row", { name: "scroll 25% other 1" })).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(5);
  await expect(report.getByRole("img", { name: /^Chart: Events by/ })).toBeVisible();
  // The address is the report: opened again, it answers the same table.
  const shared = page.url();
  await page.goto(reports(pid));
  // Leave only once the page has loaded: a navigation that aborts the studio's session check
  // (GET /api/session) signs the studio out.
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await page.goto(shared);
  await expect(table.getByRole("row", { name: "Get a quote other 1" })).toBeVisible();
  await expect(form.getByLabel("Field")).toHaveValue("xdm.web.webInteraction.name");
  const csv = await page.request.get(
    `${server.origin}${await report.getByRole("link", { name: "CSV" }).getAttribute("href")}`,
  );
  expect(await csv.text()).toMatch(
    /^xdm\.web\.webInteraction\.name,xdm\.web\.webInteraction\.type,events\r\nGet a quote,other,1\r\n/,
  );
  // The chart is drawn (its module loads on use) before the picture is taken.
  const drawn = report.getByRole("img", { name: /^Chart: Events by/ });
  await expect(drawn).toHaveAttribute("data-y-min", "0");
  await page.screenshot({ path: join(repoRoot, ".reports/breakdown-1440.png"), fullPage: true });
  // A path that is not a field path is refused before it is sent.
  await form.getByLabel("Field").fill("web.webInteraction.name");
  await expect(page.getByText(/A field is xdm or data/)).toBeVisible();
  await form.getByRole("button", { name: "Run" }).click();
  expect(page.url()).toBe(shared);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(shared);
  await expect(table.getByRole("row", { name: "Get a quote other 1" })).toBeVisible();
  await expect(drawn).toHaveAttribute("data-y-min", "0");
  await expectNoSidewaysScroll();
  await page.screenshot({ path: join(repoRoot, ".reports/breakdown-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("at 390 × 844 the reports fit the phone's width", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(reports(pid));
  await expect(page.getByRole("img", { name: "Chart: Top pages" })).toHaveAttribute(
    "data-y-min",
    "0",
  );
  await expectNoSidewaysScroll();
  await page.screenshot({ path: join(repoRoot, ".reports/reports-390.png"), fullPage: true });
  await page
    .getByRole("region", { name: "Top pages" })
    .screenshot({ path: join(repoRoot, ".reports/reports-top-pages-390.png") });
  await page
    .getByRole("region", { name: "Top clicked links" })
    .screenshot({ path: join(repoRoot, ".reports/reports-top-links-390.png") });
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("a new property without events says how to get data, linking the Environments page", async () => {
  const session = await page.request.get(`${server.origin}/api/session`);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const created = await page.request.post(`${server.origin}/api/properties`, {
    headers: { "x-csrf-token": csrfToken },
    data: { name: "Empty Site", orgId: "0123456789ABCDEF01234567@AdobeOrg" },
  });
  expect(created.status()).toBe(201);
  const state = (await created.json()) as PropertyState;
  const fresh = state.document.property.id;
  await page.goto(reports(fresh));
  const empty = page.getByRole("region", { name: "No events in this range" });
  await expect(empty).toContainText("publish a library");
  await expect(page.locator(".chart")).toHaveCount(0);
  await page.screenshot({ path: join(repoRoot, ".reports/reports-empty.png") });
  await empty.getByRole("link", { name: "Environments" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/properties/${fresh}/environments$`));
});

test("no console errors on the reports pages", () => {
  expect(errors).toEqual([]);
});
