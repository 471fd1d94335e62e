import { mkdtempSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
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

test("a fresh start has the admin and nothing else: no property, no datastream", async () => {
  const data = mkdtempSync(join(tmpdir(), "liftoff-empty-"));
  const fresh = await startServer(["--data", data], {
    LIFTOFF_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
  });
  try {
    const api = await signedInApi(fresh.origin);
    expect(await api("/api/properties")).toEqual([]);
    expect(await api("/api/datastreams")).toEqual({ datastreams: [] });
  } finally {
    await fresh.stop();
  }
});

// First start as `npm start` does it (`liftoff serve --demo`): the insurance property seeded
// and published with its Web SDK pointed back at this server, and the demo site served on its
// own origin. A visitor's browser shows no console error and no failed request: the vendor
// tags load the demo site's own stand-ins and the edge accepts the demo origin.
test("--demo: the demo home page sends its page view, loads the vendor stand-ins, and logs no error", async ({
  browser,
}) => {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), "liftoff-quickstart-"));
  const first = await startServer(
    ["--port", String(port), "--data", data, "--demo", "--demo-port", "0"],
    { LIFTOFF_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
  );
  try {
    const api = await signedInApi(first.origin);
    const { datastreams } = (await api("/api/datastreams")) as {
      datastreams: Array<{ id: string; allowedOrigins: string[] }>;
    };
    expect(datastreams.map((d) => d.id)).toEqual([
      "pc-marketing-development",
      "pc-marketing-production",
      "pc-marketing-staging",
    ]);
    const demoOrigin = datastreams[0]!.allowedOrigins[0]!;
    expect(datastreams.every((d) => d.allowedOrigins.includes(demoOrigin))).toBe(true);

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on(
      "console",
      (m) => m.type() === "error" && problems.push(`console: ${m.text()} (${m.location().url})`),
    );
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("requestfailed", (r) =>
      problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ""}`),
    );
    page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
    const since = Date.now();
    await page.goto(`${demoOrigin}/`);

    // Sentinels: the page view stored by the edge, and every vendor stand-in's call recorded
    // by the demo site (the last of them run at window load). Only then is absence checked.
    const pageViews = async () => {
      const { events } = (await api(
        "/api/events?environmentId=ENpcmarketingdevelopment&limit=50",
      )) as { events: Array<{ eventType: string | null }> };
      return events.filter((e) => e.eventType === "web.webpagedetails.pageViews").length;
    };
    await expect.poll(pageViews, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const vendorPaths = async () => {
      const calls = (await (await fetch(`${demoOrigin}/__calls`)).json()) as Array<{
        path: string;
        time: number;
      }>;
      return calls.filter((c) => c.time >= since).map((c) => c.path);
    };
    await expect
      .poll(vendorPaths, { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          "/vendor/pixel/collect",
          "/vendor/mat/collect",
          "/vendor/insight/collect",
          "/vendor/hosted/open-ui-change.js",
          "/vendor/hosted/form-abandonment.js",
        ]),
      );
    expect(problems).toEqual([]);
    await page.close();
  } finally {
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
