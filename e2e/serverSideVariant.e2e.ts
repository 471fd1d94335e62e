/**
 * The pc-marketing server-side variant end to end, as `liftoff serve --demo --demo-variant
 * server-side` seeds it (docs/pc-marketing.md, "Server-side variant"): the server in-process
 * with the demo's seed, the demo site on its own port, Chromium on its pages. The page loads
 * none of the three vendor tags; the server sends their calls to the same recording
 * stand-ins; once the visitor chose do not sell, only the tracker (collect) still gets them.
 */
import { createServer } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import type { VendorCall } from "./pcMarketingModules.ts";
import { recordRequests } from "./requestLog.ts";
import { repoRoot } from "./startServer.ts";

const load = <T>(path: string) => import(pathToFileURL(join(repoRoot, path)).href) as Promise<T>;

interface DemoSite {
  origin: string;
  options(serverOrigin: string): unknown;
  serveLibraryFrom(serverOrigin: string): string | undefined;
  close(): Promise<void>;
}
interface App {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

// The seed publishes two properties to three environments each before the first test.
test.describe.configure({ timeout: 90_000 });

let demo: DemoSite;
let app: App;
/** A planned delivery as the store lists it (apps/server/src/features/forwarding). */
interface Delivery {
  ruleName: string;
  request: { url: string; body: string | null };
}
let store: {
  forwarding: { list(propertyId: string, query: { limit: number }): Promise<Delivery[]> };
  close(): Promise<void>;
};
let dir: string;

test.beforeAll(async () => {
  const [{ default: createApp }, { SqliteStore }, { default: startDemoSite }, modules] =
    await Promise.all([
      load<{ default: (options: Record<string, unknown>) => App }>(
        "apps/server/src/main/createApp.ts",
      ),
      load<{ SqliteStore: new (file: string) => typeof store }>(
        "apps/server/src/store/SqliteStore.ts",
      ),
      load<{
        default: (m: unknown, where: object, variant: string) => Promise<DemoSite>;
      }>("apps/server/src/features/demo/startDemoSite.ts"),
      load<{ default: () => Promise<unknown> }>(
        "apps/server/src/features/demo/loadDemoModules.ts",
      ).then((m) => m.default()),
    ]);
  demo = await startDemoSite(modules, { host: "127.0.0.1", port: 0 }, "server-side");
  dir = mkdtempSync(join(tmpdir(), "liftoff-server-side-"));
  store = new SqliteStore(join(dir, "liftoff.db"));
  // As `liftoff serve --demo`: the port is settled first, so the seed knows the edge's origin.
  const port = await freePort();
  const serverOrigin = `http://127.0.0.1:${port}`;
  app = createApp({
    store,
    rateLimitPerSecond: 0,
    bootstrap: false,
    forwarding: { ephemeralSecrets: true },
    demo: demo.options(serverOrigin),
  });
  await app.listen({ port, host: "127.0.0.1" });
  demo.serveLibraryFrom(serverOrigin);
});

test.afterAll(async () => {
  await app?.close();
  await store?.close();
  await demo?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const calls = async () => (await (await fetch(`${demo.origin}/__calls`)).json()) as VendorCall[];

/** Waits for the stand-ins' call `match` accepts; answers every call recorded by then. */
async function waitForCall(match: (call: VendorCall) => boolean): Promise<VendorCall[]> {
  let seen: VendorCall[] = [];
  await expect.poll(async () => (seen = await calls()).some(match), { timeout: 15_000 }).toBe(true);
  return seen;
}

const forPage = (url: string) => (call: VendorCall) => call.body.includes(url);
const TAG_SCRIPTS = [
  "/vendor/pixel/events.js",
  "/vendor/mat/tracking.js",
  "/vendor/insight/insight.min.js",
];

async function visit(page: Page, path: string): Promise<string> {
  const url = `${demo.origin}${path}?visit=${Date.now()}`;
  await page.goto(url);
  return url;
}

test("the page loads no vendor tag; the server sends the pixel, tracker and insight calls", async ({
  page,
}) => {
  const log = recordRequests(page);
  const url = await visit(page, "/");
  // The tracker's call comes after the page's load (its page view went out at DOM ready and
  // was forwarded once stored): had a window-loaded tag rule run, its script was requested.
  const seen = await waitForCall((c) => c.path === "/vendor/mat/collect" && forPage(url)(c));
  const requested = log.requests.map((r) => new URL(r.url()).pathname);
  for (const script of TAG_SCRIPTS) expect(requested).not.toContain(script);
  // The hosted rule scripts are the site's own: still loaded by the page.
  expect(requested).toContain("/vendor/hosted/form-abandonment.js");
  const all = await waitForCall(
    (c) => c.path.startsWith("/vendor/pixel/") && c.path.endsWith("/events") && forPage(url)(c),
  );
  const pixel = all.find((c) => c.path.endsWith("/events") && forPage(url)(c))!;
  expect(JSON.parse(pixel.body)).toMatchObject({
    data: [{ event_name: "PageView", event_source_url: url, action_source: "website" }],
  });
  await waitForCall((c) => c.path === "/vendor/insight/collect" && forPage(url)(c));
  const mat = seen.find((c) => c.path === "/vendor/mat/collect" && forPage(url)(c))!;
  const [, [, pageView], [, ecid]] = JSON.parse(mat.body) as [
    unknown,
    [string, unknown],
    [string, string],
  ];
  expect(pageView).toMatchObject({ url });
  // The visitor is the one the page's Web SDK knows.
  const pageEcid = await page.evaluate(() =>
    (
      window as unknown as {
        alloy(command: string): Promise<{ identity: { ECID: string } }>;
      }
    )
      .alloy("getIdentity")
      .then((result) => result.identity.ECID),
  );
  expect(ecid).toBe(pageEcid);
});

test("after do not sell, the page view says share n and only the tracker gets it", async ({
  page,
  context,
}) => {
  await visit(page, "/");
  await page.click("a.do-not-sell");
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === "dnsCookie")?.value)
    .toBe("optout");
  const url = await visit(page, "/pcg/auto");
  // Sentinel: the tracker's call for this page view. The event's actions are stored in one
  // transaction when it is planned, the withheld ones not at all: once the tracker's call
  // arrived, every delivery this page view will ever have is in the store.
  const seen = await waitForCall((c) => c.path === "/vendor/mat/collect" && forPage(url)(c));
  const planned = (await store.forwarding.list("PRpcforwarding", { limit: 500 })).filter((d) =>
    `${d.request.url} ${d.request.body ?? ""}`.includes(url),
  );
  expect(planned.map((d) => d.ruleName)).toEqual(["Marketing Automation Tracker"]);
  expect(seen.filter(forPage(url)).map((c) => c.path)).toEqual(["/vendor/mat/collect"]);
});
