import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { build } from "esbuild";
import createApp, { type LiftoffApp } from "../../main/createApp.ts";
import { ORG_ID, testDatastreams } from "../../main/testApp.ts";
import ensureCertificate from "../../main/ensureCertificate.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";

// The real @adobe/alloy 2.26.0 (npm ESM, bundled here with esbuild) against our server over
// HTTPS. alloy hard-codes https:// and forbids a port in edgeDomain, so Chromium maps the
// test hosts to our loopback ports (reference edge-protocol.md §5, option b). The page itself
// is served on https://www.example.test, the same site as the edge host, from a loopback
// server too: Chromium's local-network checks refuse fetches from a page it considers public
// to a host that resolves to 127.0.0.1.
const DS = "pc-marketing-production";
const PAGE = "https://www.example.test/page.html";

let dir: string;
let browser: Browser;
let alloyBundle: string;
let app: LiftoffApp;
let busyApp: LiftoffApp;
let store: SqliteStore;
let busyStore: SqliteStore;
let releaseBusy: (() => void) | undefined;
let site: Server;

const port = (address: string) => new URL(address).port;

test.beforeAll(async ({ playwright, launchOptions }) => {
  dir = mkdtempSync(join(tmpdir(), "liftoff-alloy-"));
  const https = ensureCertificate(join(dir, "tls"));
  const bundled = await build({
    stdin: {
      contents:
        'import { createInstance } from "@adobe/alloy"; window.alloy = createInstance({ name: "alloy" });',
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2018",
    write: false,
    logLevel: "silent",
  });
  alloyBundle = bundled.outputFiles[0]!.text;

  store = new SqliteStore(join(dir, "main.db"));
  app = createApp({ store, https, rateLimitPerSecond: 0, bootstrap: false });
  // A second server whose writes block until released, with room for one queued event, so a
  // genuine queue-full 503 reaches alloy.
  busyStore = new SqliteStore(join(dir, "busy.db"));
  const append = busyStore.events.appendRequests.bind(busyStore.events);
  busyStore.events.appendRequests = async (requests, windowMs) => {
    if (releaseBusy === undefined) await new Promise<void>((r) => (releaseBusy = r));
    return append(requests, windowMs);
  };
  busyApp = createApp({
    store: busyStore,
    https,
    rateLimitPerSecond: 0,
    bootstrap: false,
    writeQueue: { maxQueuedEvents: 1, retryAfterSeconds: 1 },
  });
  site = createServer(https, (_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html><head><title>alloy interop</title><script>${alloyBundle}</script></head><body>page</body></html>`,
    );
  });
  await new Promise<void>((done) => site.listen(0, "127.0.0.1", done));
  const sitePort = (site.address() as { port: number }).port;
  const main = await app.listen({ port: 0, host: "127.0.0.1" });
  const busy = await busyApp.listen({ port: 0, host: "127.0.0.1" });
  // The page's origin may send to pc-marketing's datastreams (migrated once listening).
  for (const datastream of testDatastreams) {
    await store.datastreams.put(datastream);
    await busyStore.datastreams.put(datastream);
  }
  browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      `--host-resolver-rules=MAP www.example.test 127.0.0.1:${sitePort}, MAP edge.example.test 127.0.0.1:${port(main)}, MAP busy.example.test 127.0.0.1:${port(busy)}, MAP adobedc.demdex.net ~NOTFOUND`,
      "--ignore-certificate-errors",
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  site?.close();
  releaseBusy?.();
  await app?.close();
  await busyApp?.close();
  await store?.close();
  await busyStore?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto(PAGE);
  return page;
}

const configure = (
  page: Page,
  extra: Record<string, unknown> = {},
  edgeDomain = "edge.example.test",
) =>
  page.evaluate((config) => window.alloy("configure", config), {
    datastreamId: DS,
    orgId: ORG_ID,
    edgeDomain,
    thirdPartyCookiesEnabled: false,
    clickCollectionEnabled: false,
    ...extra,
  });

const pageView = (name: string, extra: Record<string, unknown> = {}) => ({
  xdm: { eventType: "web.webpagedetails.pageViews", web: { webPageDetails: { name } } },
  ...extra,
});

const storedByName = async (s: SqliteStore, name: string) =>
  (await s.events.list({ limit: 1000 })).filter((e) => e.pageName === name);

declare global {
  interface Window {
    alloy: (command: string, options?: unknown) => Promise<Record<string, unknown>>;
    pending?: Promise<Record<string, unknown>>;
    settled?: boolean;
  }
}

test("sendEvent resolves and getIdentity returns the ECID the server minted and stored", async () => {
  const page = await openPage();
  await configure(page);
  const response = page.waitForResponse((r) => r.url().includes("/v1/interact"));
  const result = await page.evaluate((ev) => window.alloy("sendEvent", ev), pageView("e2e:send"));
  expect(result).toMatchObject({ propositions: [], destinations: [] });
  const handle = (
    (await (await response).json()) as { handle: { type: string; payload: { id: string }[] }[] }
  ).handle;
  const minted = handle.find((h) => h.type === "identity:result")!.payload[0]!.id;
  const identity = await page.evaluate(() => window.alloy("getIdentity"));
  expect(identity).toEqual({ identity: { ECID: minted }, edge: { regionId: 1 } });
  const [event] = await storedByName(store, "e2e:send");
  expect(event).toMatchObject({
    ecid: minted,
    datastreamId: DS,
    eventType: "web.webpagedetails.pageViews",
  });
  expect(
    (event!.xdm as { implementationDetails: { version: string } }).implementationDetails.version,
  ).toBe("2.26.0");
  // The next call follows the cluster cookie into the location-hint path.
  const next = page.waitForRequest((r) => r.url().includes("/ee/lo1/v1/interact"));
  await page.evaluate((ev) => window.alloy("sendEvent", ev), pageView("e2e:second"));
  await next;
  await page.context().close();
});

test("setConsent in releases queued commands; out makes them resolve {} and sends nothing", async () => {
  const page = await openPage();
  await configure(page, { defaultConsent: "pending" });
  await page.evaluate((ev) => {
    window.settled = false;
    window.pending = window.alloy("sendEvent", ev).finally(() => (window.settled = true));
  }, pageView("e2e:queued"));
  // Nothing may go out while consent is pending; getIdentity waits too.
  expect(await page.evaluate(() => window.settled)).toBe(false);
  expect(await storedByName(store, "e2e:queued")).toHaveLength(0);

  await page.evaluate(() =>
    window.alloy("setConsent", {
      consent: [{ standard: "Adobe", version: "1.0", value: { general: "in" } }],
    }),
  );
  await page.evaluate(() => window.pending);
  expect(await storedByName(store, "e2e:queued")).toHaveLength(1);
  const cookie = async () =>
    (await page.context().cookies()).find((c) => c.name.endsWith("_consent"))?.value;
  expect(await cookie()).toBe("general=in");

  await page.evaluate(() =>
    window.alloy("setConsent", {
      consent: [{ standard: "Adobe", version: "2.0", value: { collect: { val: "n" } } }],
    }),
  );
  expect(await cookie()).toBe("general=out");
  const declined = await page.evaluate(
    (ev) => window.alloy("sendEvent", ev),
    pageView("e2e:declined"),
  );
  expect(declined).toEqual({});
  expect(await storedByName(store, "e2e:declined")).toHaveLength(0);
  await page.context().close();
});

test("documentUnloading goes to collect by beacon and is stored", async () => {
  const page = await openPage();
  await configure(page);
  await page.evaluate((ev) => window.alloy("sendEvent", ev), pageView("e2e:before-unload"));
  const collect = page.waitForRequest((r) => r.url().includes("/v1/collect"));
  await page.evaluate(
    (ev) => window.alloy("sendEvent", ev),
    pageView("e2e:unload", { documentUnloading: true }),
  );
  await collect;
  await expect.poll(async () => (await storedByName(store, "e2e:unload")).length).toBe(1);
  await page.context().close();
});

test("a 503 with Retry-After from a full write queue is retried by alloy and then stored", async () => {
  // Fill the busy server's queue with one event whose write is held.
  const blocker = busyApp.inject({
    method: "POST",
    url: `/ee/v1/interact?configId=${DS}`,
    headers: { "content-type": "text/plain" },
    payload: JSON.stringify({ events: [pageView("e2e:blocker")] }),
  });
  await expect.poll(() => busyApp.writeQueue.size).toBe(1);
  const page = await openPage();
  await configure(page, {}, "busy.example.test");
  const refused = page.waitForResponse(
    (r) => r.url().includes("/v1/interact") && r.status() === 503,
  );
  const sent = page.evaluate((ev) => window.alloy("sendEvent", ev), pageView("e2e:retried"));
  const first = await refused;
  expect(first.headers()["retry-after"]).toBe("1");
  releaseBusy!();
  expect((await blocker).statusCode).toBe(200);
  await expect(sent).resolves.toMatchObject({ propositions: [] });
  expect(await storedByName(busyStore, "e2e:retried")).toHaveLength(1);
  await page.context().close();
});
