import { expect, test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openDemoStudio, type DemoStudio } from "./demoStudio.ts";
import { repoRoot, type RunningServer } from "./startServer.ts";

// The Events page in Chromium against the real server: stored history on open (paged,
// filtered on the server), the interaction name and type of each event, live events on top,
// and one event's JSON in a side panel (beside the list at 1,440 px, full-screen at 390 px).
test.describe.configure({ mode: "serial" });

const pid = "PRpcmarketing";
const LINK_CLICK = "web.webinteraction.linkClicks";
let server: RunningServer;
let page: Page;
let errors: string[] = [];
let studio: DemoStudio | undefined;
let origin = "";
const shots = join(repoRoot, ".reports");
mkdirSync(shots, { recursive: true });

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "events");
  ({ server, page, errors } = studio);
});
test.afterAll(async () => {
  await studio?.close();
});

const eventsPage = `/studio/properties/${pid}/events`;
let requestNumber = 0;

let streamId = "";

/** Posts events to the insurance property's production datastream as its site would. */
async function send(events: unknown[]): Promise<void> {
  if (!streamId) {
    const answer = await page.request.get(`${server.origin}/api/datastreams`);
    const { datastreams } = (await answer.json()) as {
      datastreams: Array<{
        id: string;
        propertyId: string;
        stage: string;
        allowedOrigins: string[];
      }>;
    };
    const stream = datastreams.find((d) => d.propertyId === pid && d.stage === "production")!;
    streamId = stream.id;
    origin = stream.allowedOrigins[0]!;
  }
  const requestId = `0f6a5e1c-2222-4222-8333-${String(++requestNumber).padStart(12, "0")}`;
  const res = await page.request.post(
    `${server.origin}/ee/v1/interact?configId=${streamId}&requestId=${requestId}`,
    {
      headers: { "content-type": "text/plain", origin },
      data: JSON.stringify({ events }),
    },
  );
  expect(res.status()).toBe(200);
}

const pageView = (path: string, name = `pc:${path}`) => ({
  xdm: {
    eventType: "web.webpagedetails.pageViews",
    web: { webPageDetails: { name, URL: `${origin}/${path}` } },
  },
});
/** An interaction as the demo property sends it: scrolls and clicks are both linkClicks. */
const interaction = (name: string, type: string, URL?: string) => ({
  xdm: {
    eventType: LINK_CLICK,
    web: {
      webPageDetails: { URL: `${origin}/quote` },
      webInteraction: { name, type, ...(URL ? { URL } : {}), linkClicks: { value: 1 } },
    },
  },
});

test("history opens with stored events, interaction names, paging and server-side filters", async () => {
  await send([pageView("first")]);
  await send([
    pageView("quote"),
    ...["25", "50", "75", "100"].map((n) => interaction(`scroll ${n}%`, "other")),
    interaction("Get a quote", "exit", "https://partner.test/quote"),
  ]);
  await send(Array.from({ length: 50 }, (_, i) => pageView(`filler-${i}`)));
  await page.goto(`${server.origin}${eventsPage}`);
  const table = page.getByRole("table", { name: "Events, newest first" });
  // Newest first, 50 a page: the fillers, then the older events after "Load older events".
  await expect(table.locator("tbody tr")).toHaveCount(50);
  await page.getByRole("button", { name: "Load older events" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(57);
  await expect(page.getByRole("button", { name: "Load older events" })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, "events-1440.png") });
  // Four scrolls no longer look like four identical link clicks.
  for (const n of ["25", "50", "75", "100"])
    await expect(table.getByRole("row", { name: new RegExp(`scroll ${n}% other`) })).toHaveCount(1);
  await expect(
    table.getByRole("row", { name: /Get a quote exit https:\/\/partner\.test/ }),
  ).toHaveCount(1);

  await page.getByLabel("Event type").selectOption(LINK_CLICK);
  await expect(table.locator("tbody tr")).toHaveCount(5);
  await page.getByRole("searchbox", { name: "Page URL contains" }).fill("FILLER-4");
  await page.getByLabel("Event type").selectOption("");
  // filler-4 and filler-40 … filler-49.
  await expect(table.locator("tbody tr")).toHaveCount(11);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("From").fill("2000-01-01T00:00");
  await page.getByLabel("To").fill("2000-01-02T00:00");
  await expect(page.getByText("No stored event matches these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  // Back to the unfiltered list as it was loaded, both pages.
  await expect(table.locator("tbody tr")).toHaveCount(57);
});

test("a live event arrives on top of the history", async () => {
  await expect(page.getByText("Live: waiting for new events")).toBeVisible();
  await send([pageView("live-now", "pc:live-now")]);
  const first = page
    .getByRole("table", { name: "Events, newest first" })
    .locator("tbody tr")
    .first();
  await expect(first).toContainText("pc:live-now");
  await expect(page.getByText("Live: 1 new event")).toBeVisible();
});

test("one event's JSON opens in a panel beside the list; Escape closes it and focus returns", async () => {
  await page.getByLabel("Event type").selectOption(LINK_CLICK);
  const table = page.getByRole("table", { name: "Events, newest first" });
  await expect(table.locator("tbody tr")).toHaveCount(5);
  const open = table
    .getByRole("row", { name: /Get a quote/ })
    .getByRole("button", { name: /^Show JSON of/ });
  await open.click();
  const panel = page.getByRole("dialog", { name: LINK_CLICK });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("button", { name: "Close" })).toBeFocused();
  await expect(panel).toContainText('"Get a quote"');
  const list = (await page.locator(".events-list").boundingBox())!;
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(list.x + list.width);
  // The list stays usable beside the panel: no overlay, nothing off the page's width.
  await expect(table).toBeVisible();
  await page.screenshot({ path: join(shots, "events-drawer-1440.png") });
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(open).toBeFocused();
});

test("at 390 × 844 the list is labelled lines and the panel covers the screen", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.origin}${eventsPage}`);
  const table = page.getByRole("table", { name: "Events, newest first" });
  await expect(table.locator("tbody tr")).toHaveCount(50);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, "events-390.png") });
  const open = table.getByRole("button", { name: /^Show JSON of/ }).first();
  await open.click();
  const panel = page.getByRole("dialog");
  await expect(panel.getByRole("button", { name: "Close" })).toBeFocused();
  const box = (await panel.boundingBox())!;
  expect(Math.round(box.width)).toBe(390);
  expect(Math.round(box.x)).toBe(0);
  await page.screenshot({ path: join(shots, "events-drawer-390.png") });
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(open).toBeFocused();
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("no console errors on the Events page", () => {
  expect(errors).toEqual([]);
});
