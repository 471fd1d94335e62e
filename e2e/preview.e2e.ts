import AxeBuilder from "@axe-core/playwright";
import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDemoServer, type DemoServer } from "@liftoff/demo-site";
import { launchOptions } from "./chromium.ts";
import { openDemoStudio, type DemoStudio } from "./demoStudio.ts";

// Preview against a real `liftoff serve --demo`, in Chromium: an editor changes a rule's
// condition, starts a preview of the working state, and opens the link in a browser that
// blocks third-party cookies. The demo site runs on its own site (`localhost`, the server is
// `127.0.0.1`: another site, so the server's cookies are third-party there) and embeds the
// production library, as a customer's site does. The changed rule's evaluation reaches the
// studio panel within 2 s; a second browser without the link runs the production bytes; ending
// the preview brings the tab back to production.
test.describe.configure({ mode: "serial" });

const pid = "PRpcmarketing";
const production = "ENpcmarketingproduction";
const RULE = "All Pages - Page View";
const CHANGED_PATH = "/quote-draft/";

let studio: DemoStudio;
let site: DemoServer;
let siteOrigin = "";
let previewContext: BrowserContext;
let profile = "";
let previewTab: Page;
let sessionPage = "";
let link = "";

const libraryUrl = () => `${studio.server.origin}/libs/${pid}/${production}/launch.min.js`;

/** A Chromium profile whose settings block third-party cookies (chrome://settings/cookies). */
function blockingProfile(): string {
  const dir = mkdtempSync(join(tmpdir(), "liftoff-preview-profile-"));
  mkdirSync(join(dir, "Default"));
  writeFileSync(
    join(dir, "Default", "Preferences"),
    JSON.stringify({ profile: { cookie_controls_mode: 1, block_third_party_cookies: true } }),
  );
  return dir;
}

async function api<T>(method: "GET" | "PUT" | "POST", path: string, data?: unknown): Promise<T> {
  const { page, server } = studio;
  const session = (await (await page.request.get(`${server.origin}/api/session`)).json()) as {
    csrfToken: string;
  };
  const res = await page.request.fetch(`${server.origin}${path}`, {
    method,
    headers: { "x-csrf-token": session.csrfToken },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

interface Started {
  buildInfo: Record<string, unknown>;
  environment: { id: string; stage: string };
}

/** `_satellite.buildInfo` and `.environment` once a library has started in the tab. */
async function startedIn(tab: Page): Promise<Started> {
  await tab.waitForFunction(
    () => (window as { _satellite?: { buildInfo?: unknown } })._satellite?.buildInfo,
  );
  return tab.evaluate(() => {
    const satellite = (window as unknown as { _satellite: Started })._satellite;
    return { buildInfo: satellite.buildInfo, environment: satellite.environment };
  });
}

/** The buildInfo written in a library file. */
const buildInfoIn = (code: string) =>
  JSON.parse(/"buildInfo":(\{[^}]*\})/.exec(code)![1]!) as Record<string, unknown>;

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "preview");
  site = createDemoServer({ libraryUrl });
  await new Promise<void>((resolve) => site.listen(0, "localhost", resolve));
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
  // The site's pages send to the production and development datastreams (the preview build
  // uses the development one): an admin allows the site's origin on both.
  const { datastreams } = await api<{
    datastreams: Array<{ id: string; stage: string; allowedOrigins: string[] }>;
  }>("GET", "/api/datastreams");
  for (const stream of datastreams)
    await api("PUT", `/api/datastreams/${stream.id}/allowed-origins`, {
      allowedOrigins: [...stream.allowedOrigins, siteOrigin],
    });
  profile = blockingProfile();
  previewContext = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    viewport: { width: 390, height: 844 },
  });
});

test.afterAll(async () => {
  await previewContext?.close();
  rmSync(profile, { recursive: true, force: true });
  await new Promise<void>((resolve) => site?.close(() => resolve()));
  await studio?.close();
});

test("the preview browser has no third-party cookies (the server is another site)", async () => {
  // A SameSite=None cookie of the server is not sent with a credentialed request from the
  // site's page. (Over plain http Chromium never sends it cross-site; the profile also has
  // Chromium's "Block third-party cookies" setting on, as a visitor who chose it.)
  const serverHost = new URL(studio.server.origin).hostname;
  await previewContext.addCookies([
    { name: "probe", value: "1", domain: serverHost, path: "/", sameSite: "None", secure: true },
  ]);
  const tab = await previewContext.newPage();
  await tab.goto(`${siteOrigin}/__calls`);
  const sent = tab.waitForRequest((r) => r.url().startsWith(`${studio.server.origin}/healthz`));
  await tab.evaluate(async (url) => {
    await fetch(url, { credentials: "include" }).catch(() => undefined);
  }, `${studio.server.origin}/healthz`);
  expect((await (await sent).allHeaders()).cookie ?? "").not.toContain("probe=1");
  await tab.close();
  await previewContext.clearCookies();
});

test("an editor changes a rule's condition and starts a preview of the working state", async () => {
  const { page, server } = studio;
  await page.goto(`${server.origin}/studio/properties/${pid}/rules`);
  await page.getByRole("link", { name: RULE, exact: true }).click();
  const toggle = page.getByRole("button", { name: /^Condition 1/ });
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  const condition = page.getByRole("region", { name: /Condition 1/ });
  await condition.getByRole("combobox", { name: "Value", exact: true }).first().fill(CHANGED_PATH);
  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByRole("group", { name: "Save" }).getByRole("status")).toHaveText("Saved");

  await page.goto(`${server.origin}/studio/properties/${pid}/preview`);
  await page.getByLabel("Page URL").fill(`${siteOrigin}/`);
  await page.getByRole("button", { name: "Start preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview: Working state" })).toBeVisible();
  sessionPage = page.url();
  link = (await page.locator(".preview-url code").textContent())!;
  expect(link).toMatch(new RegExp(`^${siteOrigin}/\\?liftoff_preview=[0-9a-f]{32}$`));
  await expect(page.getByRole("img", { name: /QR code of the preview link/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("session-1440.png") });
});

test("the link runs the preview build; the changed rule's evaluation reaches the panel within 2 s", async () => {
  const { page } = studio;
  previewTab = await previewContext.newPage();
  const sentCookies: string[] = [];
  previewTab.on("request", (r) => {
    if (r.url().includes("/preview")) sentCookies.push(r.headers().cookie ?? "");
  });
  const previewScript = previewTab.waitForResponse((r) =>
    /\/preview-[0-9a-f]{32}\.js$/.test(r.url()),
  );
  await previewTab.goto(link, { waitUntil: "load" });
  const loadedAt = Date.now();
  expect((await previewScript).status()).toBe(200);
  // The rule's run, with what its changed condition compared, in the studio panel.
  const run = page.locator(".rule-run", {
    has: page.getByRole("link", { name: RULE, exact: true }),
  });
  await expect(run.first()).toContainText(CHANGED_PATH, { timeout: 2000 });
  const latency = Date.now() - loadedAt;
  test.info().annotations.push({ type: "panel latency", description: `${latency} ms` });
  await expect(run.first()).toContainText(/Fired/);
  // The Web SDK's request to the edge and its answer, with the ECID the edge gave.
  const view = page.locator(".page-view").first();
  await expect(view.getByRole("heading", { name: /^Edge requests \([1-9]\d*\)$/ })).toBeVisible();
  await expect(view).toContainText(/ECID \d{38}/);
  await expect(run.first()).toContainText("/");
  // The tab forgot the link's parameter (analytics never see it) but keeps the session.
  expect(new URL(previewTab.url()).search).toBe("");
  expect(await previewTab.evaluate(() => sessionStorage.getItem("liftoff_preview"))).toMatch(
    /^[0-9a-f]{32}$/,
  );
  // The preview build runs with the development environment's settings.
  expect((await startedIn(previewTab)).environment.stage).toBe("development");
  // No credentials travel with preview: nothing depends on cookies.
  expect(sentCookies.length).toBeGreaterThan(0);
  expect(sentCookies.every((c) => c === "")).toBe(true);
  // Rules whose events did not happen on this page are listed too, each with its events.
  const quiet = view.locator("details", { hasText: /Rules not triggered on this page \(\d+\)/ });
  await quiet.locator("summary").click();
  await expect(quiet.getByRole("link").first()).toBeVisible();
  await expect(quiet).toContainText("waits for");
  await quiet.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("not-triggered-1440.png") });
  await run.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("panel-1440.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await run.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("panel-390.png") });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, "the panel scrolls sideways on a phone").toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("a previewed page's edge request shows the server rule it ran and its delivery", async ({
  browser,
}) => {
  // A library build, a delivery and an axe scan in a second page: more than the default 30 s
  // on a loaded machine.
  test.setTimeout(90_000);
  const { page } = studio;
  // A destination on this machine, and a forwarding property that sends every event to it,
  // run for the development datastream (the one preview builds send to).
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    received.push(request.url ?? "");
    request.resume();
    request.on("end", () => response.writeHead(200).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const edgePid = "PRpreviewforward";
  const { datastreams } = await api<{ datastreams: Array<{ id: string; stage: string }> }>(
    "GET",
    "/api/datastreams",
  );
  const development = datastreams.find((d) => d.stage === "development")!;
  try {
    await api("POST", "/api/properties/import", {
      formatVersion: 1,
      company: { orgId: "5LIFTOFF0PCMARKETING0001@AdobeOrg" },
      property: { id: edgePid, name: "Preview forwarding", settings: { platform: "edge" } },
      environments: [
        { id: `${edgePid}dev`, name: "Development", stage: "development" },
        { id: `${edgePid}stage`, name: "Staging", stage: "staging" },
        { id: `${edgePid}prod`, name: "Production", stage: "production" },
      ],
      extensions: [
        { name: "core", displayName: "Core (event forwarding)", settings: {} },
        { name: "http-connector", displayName: "HTTP Connector", settings: {} },
      ],
      dataElements: [],
      rules: [
        {
          id: "RLpreviewcrm",
          name: "Every event to the CRM",
          events: [
            { id: "RCev", modulePath: "core/src/lib/events/eventReceived.js", settings: {} },
          ],
          conditions: [],
          actions: [
            {
              id: "RCsend",
              modulePath: "http-connector/src/lib/actions/sendHttpRequest.js",
              settings: { method: "POST", url: `http://${host}/collect`, bodyType: "none" },
            },
          ],
        },
        {
          id: "RLpreviewpurchases",
          name: "Purchases to the CRM",
          events: [
            {
              id: "RCpurchase",
              modulePath: "core/src/lib/events/eventReceived.js",
              settings: { eventTypes: ["commerce.purchases"] },
            },
          ],
          conditions: [],
          actions: [
            {
              id: "RCpurchasesend",
              modulePath: "http-connector/src/lib/actions/sendHttpRequest.js",
              settings: { method: "POST", url: `http://${host}/purchase`, bodyType: "none" },
            },
          ],
        },
      ],
    });
    const library = await api<{ id: string }>("POST", `/api/properties/${edgePid}/libraries`, {
      name: "First",
      environmentId: `${edgePid}dev`,
      addAllChanged: true,
    });
    await api("POST", `/api/properties/${edgePid}/libraries/${library.id}/build`);
    await api("PUT", `/api/properties/${edgePid}/forwarding/hosts`, {
      hosts: [{ host, allowPrivate: true }],
    });
    await api("PUT", `/api/datastreams/${development.id}/forwarding`, { propertyId: edgePid });

    const edgeUrls: string[] = [];
    previewTab.on("request", (r) => {
      if (r.url().includes("/ee/")) edgeUrls.push(r.url());
    });
    await previewTab.reload({ waitUntil: "load" });
    const rules = page.getByRole("region", { name: "Server rules" }).first();
    await expect(rules.getByRole("link", { name: "Every event to the CRM" })).toBeVisible({
      timeout: 10_000,
    });
    await expect(rules).toContainText("Ran");
    // The rule whose event type this is not says so.
    const purchases = rules.locator(".rule-run", {
      has: page.getByRole("link", { name: "Purchases to the CRM" }),
    });
    await expect(purchases).toContainText(/Did not run: .*commerce\.purchases/);
    await expect(rules).toContainText(`to ${host} → delivered`);
    // The tab's edge requests named the session; the destination got the event.
    expect(edgeUrls.length).toBeGreaterThan(0);
    expect(edgeUrls.every((u) => /[?&]liftoff_preview=[0-9a-f]{32}(&|$)/.test(u))).toBe(true);
    expect(received).toContain("/collect");
    expect(received).not.toContain("/purchase");
    await rules.getByText(/^Request and \d attempts?$/).click();
    await expect(rules.getByRole("list", { name: "Attempts" })).toContainText("HTTP 200");
    const shots = process.env.LIFTOFF_SHOTS;
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await rules.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: shots
          ? join(shots, `server-rules-${width}.png`)
          : test.info().outputPath(`server-rules-${width}.png`),
      });
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, "the panel scrolls sideways").toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // axe runs its frames through the context, so it scans the panel in a context of its own,
    // signed in as the studio's page is.
    const scan = await browser.newContext({ storageState: await page.context().storageState() });
    try {
      const panel = await scan.newPage();
      await panel.goto(page.url());
      const region = panel.getByRole("region", { name: "Server rules" }).first();
      await expect(region).toContainText("delivered", { timeout: 10_000 });
      await region.getByText(/^Request and \d attempts?$/).click();
      const axe = await new AxeBuilder({ page: panel })
        .include(".server-rules")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
      ).toEqual([]);
    } finally {
      await scan.close();
    }
  } finally {
    await api("PUT", `/api/datastreams/${development.id}/forwarding`, { propertyId: null });
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test("a rule saved while previewing is rebuilt; the tab's next load runs it", async () => {
  const { page } = studio;
  const state = await api<{
    document: {
      rules: Array<{
        id: string;
        name: string;
        conditions: Array<{ settings: { paths: Array<{ value: string }> } }>;
      }>;
    };
    resources: Array<{ kind: string; id: string; revision: number }>;
  }>("GET", `/api/properties/${pid}`);
  const rule = state.document.rules.find((r) => r.name === RULE)!;
  const revision = state.resources.find((r) => r.kind === "rule" && r.id === rule.id)!.revision;
  rule.conditions[0]!.settings.paths[0]!.value = "/quote-final/";
  await api("PUT", `/api/properties/${pid}/rules/${rule.id}`, { revision, rule });
  await previewTab.reload({ waitUntil: "load" });
  const run = page.locator(".rule-run", {
    has: page.getByRole("link", { name: RULE, exact: true }),
  });
  await expect(run.first()).toContainText("/quote-final/", { timeout: 2000 });
});

test("an HTML action's <noscript> pixel is never requested in preview; its script and markup run", async () => {
  // The standard ad-pixel snippet: a script, a no-JavaScript fallback image, visible markup,
  // then an image written after it, the sentinel: once the sentinel is requested the
  // fallback would have been too.
  const pixel = `${siteOrigin}/pixel/tr?id=1&ev=PageView&noscript=1`;
  const sentinel = `${siteOrigin}/pixel/sentinel.gif`;
  const source = `<script>window.__pixelCalls = ["init", "PageView"];</script>
<noscript><img height="1" width="1" style="display:none" src="${pixel}"/></noscript>
<div id="pixel-visible">Thanks for visiting</div><img id="pixel-sentinel" src="${sentinel}">`;
  await api("POST", `/api/properties/${pid}/rules`, {
    rule: {
      name: "Ad pixel (HTML)",
      events: [{ modulePath: "core/src/lib/events/windowLoaded.js", settings: {} }],
      conditions: [],
      actions: [
        {
          modulePath: "core/src/lib/actions/customCode.js",
          settings: { language: "html", source },
        },
      ],
    },
  });
  const pixelRequests: string[] = [];
  previewTab.on("request", (r) => {
    if (r.url().startsWith(`${siteOrigin}/pixel/`)) pixelRequests.push(r.url());
  });
  const sentinelSeen = previewTab.waitForRequest(sentinel);
  await previewTab.reload({ waitUntil: "load" });
  expect((await startedIn(previewTab)).environment.stage).toBe("development");
  await sentinelSeen;
  expect(
    await previewTab.evaluate(() => (window as { __pixelCalls?: string[] }).__pixelCalls),
  ).toEqual(["init", "PageView"]);
  await expect(previewTab.locator("#pixel-visible")).toHaveText("Thanks for visiting");
  expect(await previewTab.locator("noscript img").count()).toBe(0);
  expect(pixelRequests).toEqual([sentinel]);
});

test("another browser without the link runs the production library unchanged", async ({
  browser,
}) => {
  const published = await studio.page.request.get(libraryUrl());
  const publishedBytes = await published.body();
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  const requested: string[] = [];
  tab.on("request", (r) => requested.push(r.url()));
  const library = tab.waitForResponse((r) => r.url() === libraryUrl());
  await tab.goto(`${siteOrigin}/`, { waitUntil: "load" });
  expect(Buffer.compare(await (await library).body(), publishedBytes)).toBe(0);
  // The library has started (the sentinel) before anything is checked for absence.
  const started = await startedIn(tab);
  expect(started.buildInfo).toEqual(buildInfoIn(publishedBytes.toString()));
  expect(started.environment).toEqual({ id: production, stage: "production" });
  expect(requested.filter((url) => url.includes("preview"))).toEqual([]);
  expect(await tab.evaluate(() => sessionStorage.getItem("liftoff_preview"))).toBeNull();
  // The production library still carries the old condition value, not the change.
  expect(publishedBytes.toString()).not.toContain(CHANGED_PATH);
  await visitor.close();
});

test("ending the preview in the studio returns the tab to production", async () => {
  const { page } = studio;
  await page.goto(sessionPage);
  await page.getByRole("button", { name: "End preview" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /End preview/ }).click();
  await expect(page.getByText(/^Ended \d/)).toBeVisible();
  const published = await (await page.request.get(libraryUrl())).text();
  await previewTab.reload({ waitUntil: "load" });
  const started = await startedIn(previewTab);
  expect(started.buildInfo).toEqual(buildInfoIn(published));
  expect(started.environment).toEqual({ id: production, stage: "production" });
  expect(await previewTab.evaluate(() => sessionStorage.getItem("liftoff_preview"))).toBeNull();
  expect(new URL(previewTab.url()).search).toBe("");
  expect(studio.errors).toEqual([]);
});
