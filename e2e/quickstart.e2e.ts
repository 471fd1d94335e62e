import { mkdtempSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { loadDemoSite } from "./pcMarketingModules.ts";
import {
  signedInApi,
  startServer,
  TEST_ADMIN_PASSWORD,
  type RunningServer,
} from "./startServer.ts";

// The quick start in a real browser: the server `npm start` runs, its landing page and the
// studio, which calls back to /healthz.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

test("landing page links to the studio", async ({ page }) => {
  await page.goto(server.origin);
  await expect(page.getByRole("heading", { name: "Liftoff" })).toBeVisible();
  await page.getByRole("link", { name: "Studio" }).click();
  await expect(page).toHaveURL(/\/studio\/$/);
  await expect(page.getByRole("heading", { name: "Liftoff Studio" })).toBeVisible();
});

test("studio reports the server healthy, without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.origin}/studio/`);
  await expect(page.getByRole("status")).toHaveText(/Server OK, version \d+\.\d+\.\d+/);
  expect(errors).toEqual([]);
});

// First start, as `npm start` does it: the CLI on a known port seeds the insurance property
// and publishes it to every environment with its Web SDK pointed back at this server; a demo
// page on its own origin loads the development library and its page view is stored, read
// back through the signed-in API.
test("first start seeds pc-marketing; a demo page's page view reaches this server", async ({
  browser,
}) => {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), "liftoff-quickstart-"));
  const first = await startServer(["--port", String(port), "--data", data], {
    LIFTOFF_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
  });
  const { createDemoServer } = await loadDemoSite();
  const libraryUrl = `${first.origin}/libs/PRpcmarketing/ENpcmarketingdevelopment/launch.min.js`;
  const demo = createDemoServer({ libraryUrl });
  await new Promise<void>((done) => demo.listen(0, "127.0.0.1", () => done()));
  try {
    const library = await fetch(libraryUrl);
    expect(library.status).toBe(200);
    expect(await library.text()).toContain(JSON.stringify(first.origin));

    const page = await browser.newPage();
    const demoPort = (demo.address() as { port: number }).port;
    await page.goto(`http://127.0.0.1:${demoPort}/`);

    const api = await signedInApi(first.origin);
    const pageViews = async () => {
      const { events } = (await api(
        "/api/events?environmentId=ENpcmarketingdevelopment&limit=50",
      )) as { events: Array<{ eventType: string | null }> };
      return events.filter((e) => e.eventType === "web.webpagedetails.pageViews").length;
    };
    await expect.poll(pageViews, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await page.close();
  } finally {
    await new Promise<void>((done) => demo.close(() => done()));
    await first.stop();
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
