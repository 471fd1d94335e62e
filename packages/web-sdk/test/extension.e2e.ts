/**
 * The extension modules inside the real Launch engine (@adobe/reactor-turbine 28.1.0
 * dist/engine.min.js) in Chromium, against the HTTPS test edge: a library-loaded rule runs
 * update-variable (clearing earlier analytics fields) and send-event with the variable
 * data element, for the development datastream.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, expect, test, type Browser } from "@playwright/test";
import { launchOptions } from "../../../e2e/chromium.ts";
import buildLaunchModule from "./buildLaunchModule.ts";
import { ORG, startTestEdge, type TestEdge } from "./testEdge.ts";

let edge: TestEdge;
let browser: Browser;

test.beforeAll(async () => {
  edge = await startTestEdge();
  browser = await chromium.launch({
    ...launchOptions,
    args: [...launchOptions.args, ...edge.browserArgs],
  });
});
test.afterAll(async () => {
  await browser?.close();
  await edge?.close();
});

const src = join(import.meta.dirname, "../src/extension");
const EXT_MODULES: Array<[string, string, Record<string, unknown>]> = [
  ["src/lib/instanceManager.js", "instanceManager.ts", { name: "instanceManager", shared: true }],
  ["src/lib/variableStore.js", "variableStore.ts", {}],
  [
    "src/lib/actions/sendEvent.js",
    "actions/sendEvent.ts",
    { name: "send-event", displayName: "Send event" },
  ],
  [
    "src/lib/actions/updateVariable.js",
    "actions/updateVariable.ts",
    { name: "update-variable", displayName: "Update variable" },
  ],
  ["src/lib/dataElements/xdmObject.js", "dataElements/xdmObject.ts", { name: "xdm-object" }],
  ["src/lib/dataElements/variable.js", "dataElements/variable.ts", { name: "variable" }],
];

async function library(clickCollection = false) {
  const modules: string[] = [];
  const files = [...EXT_MODULES];
  if (clickCollection) files.push(["src/lib/clickCollection.js", "clickCollection.ts", {}]);
  for (const [path, file, meta] of files) {
    const script = await buildLaunchModule(join(src, file));
    modules.push(
      `${JSON.stringify(`web-sdk/${path}`)}: Object.assign(${JSON.stringify(meta)}, { script: ${script} })`,
    );
  }
  const container = `{
    company: { orgId: ${JSON.stringify(ORG)}, dynamicCdnEnabled: false },
    property: { name: "Test", id: "PR00000000000000000000000000000001", settings: { domains: ["example.test"], undefinedVarsReturnEmpty: false, ruleComponentSequencingEnabled: false } },
    buildInfo: { turbineVersion: "28.1.0", turbineBuildDate: "2025-02-06T00:00:00Z", buildDate: "2026-11-21T00:00:00Z", minified: false },
    environment: { id: "EN00000000000000000000000000000001", stage: "development" },
    dataElements: {
      "page name": { modulePath: "test/src/lib/dataElements/constant.js", settings: { value: "home" } },
      "XDM page": { modulePath: "web-sdk/src/lib/dataElements/xdmObject.js", settings: { data: {
        web: { webPageDetails: { name: "%page name%", pageViews: { value: 1 } } },
        _experience: { analytics: { event1to100: { event17: { value: 1 } } } } } } },
      "XDM click": { modulePath: "web-sdk/src/lib/dataElements/xdmObject.js", settings: { data: {
        web: { webInteraction: { name: "cta", linkClicks: { value: 1 } } } } } },
      "Analytics variable": { modulePath: "web-sdk/src/lib/dataElements/variable.js", settings: { dataElementCacheId: "var-1" } }
    },
    extensions: {
      "web-sdk": {
        displayName: "Web SDK",
        settings: { instances: [{ name: "alloy", edgeConfigId: "prod-ds", developmentEdgeConfigId: "dev-ds", edgeDomain: "edge.example.test", thirdPartyCookiesEnabled: false }] },
        modules: { ${modules.join(",\n")} }
      },
      test: {
        displayName: "Test",
        modules: {
          "test/src/lib/events/manual.js": { name: "manual", script: function (module) {
            module.exports = function (settings, trigger) { (window.__fire = window.__fire || {})[settings.id] = trigger; };
          } },
          "test/src/lib/dataElements/constant.js": { name: "constant", script: function (module) {
            module.exports = function (settings) { return settings.value; };
          } }
        }
      }
    },
    rules: [
      { id: "RL00000000000000000000000000000001", name: "page view",
        events: [{ modulePath: "test/src/lib/events/manual.js", settings: { id: "page" }, ruleOrder: 50 }], conditions: [],
        actions: [
          { modulePath: "web-sdk/src/lib/actions/updateVariable.js", settings: { dataElementCacheId: "var-1", data: "%XDM page%",
            transforms: { "web.webInteraction": { clear: true } } } },
          { modulePath: "web-sdk/src/lib/actions/sendEvent.js", settings: { instanceName: "alloy", type: "web.webpagedetails.pageViews", xdm: "%Analytics variable%", data: { rule: "page" } } }
        ] },
      { id: "RL00000000000000000000000000000002", name: "click",
        events: [{ modulePath: "test/src/lib/events/manual.js", settings: { id: "click" }, ruleOrder: 50 }], conditions: [],
        actions: [
          { modulePath: "web-sdk/src/lib/actions/updateVariable.js", settings: { dataElementCacheId: "var-1", data: "%XDM click%",
            transforms: { "_experience.analytics.event1to100": { clear: true }, "web.webPageDetails.pageViews": { clear: true } } } },
          { modulePath: "web-sdk/src/lib/actions/sendEvent.js", settings: { instanceName: "alloy", type: "web.webinteraction.linkClicks", xdm: "%Analytics variable%" } }
        ] }
    ]
  }`;
  const require = createRequire(import.meta.url);
  const engine = readFileSync(require.resolve("@adobe/reactor-turbine/dist/engine.min.js"), "utf8");
  return `window._satellite = window._satellite || {}; window._satellite.container = ${container};\n${engine}`;
}

test("send-event and update-variable inside turbine 28.1.0", async () => {
  edge.serve("/launch.js", "text/javascript", await library());
  edge.serve(
    "/launch.html",
    "text/html",
    `<!doctype html><title>l</title><script src="/launch.js"></script>`,
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("https://www.example.test/launch.html");
  await page.evaluate(() =>
    (window as unknown as { __fire: Record<string, () => void> }).__fire.page!(),
  );
  await expect.poll(() => edge.requests.length).toBe(1);
  await page.evaluate(() =>
    (window as unknown as { __fire: Record<string, () => void> }).__fire.click!(),
  );
  await expect.poll(() => edge.requests.length).toBe(2);
  const [first, second] = edge.requests.map((r) => ({
    configId: r.query.configId,
    event: r.body.events[0],
  }));
  expect(first!.configId).toBe("dev-ds");
  expect(first!.event.xdm).toMatchObject({
    eventType: "web.webpagedetails.pageViews",
    web: { webPageDetails: { name: "home", pageViews: { value: 1 } } },
    _experience: { analytics: { event1to100: { event17: { value: 1 } } } },
  });
  expect(first!.event.data).toEqual({ rule: "page" });
  expect(second!.event.xdm.eventType).toBe("web.webinteraction.linkClicks");
  expect(second!.event.xdm.web.webInteraction).toEqual({ name: "cta", linkClicks: { value: 1 } });
  expect(second!.event.xdm.web.webPageDetails).toMatchObject({ name: "home" });
  expect(second!.event.xdm.web.webPageDetails.pageViews).toBeUndefined();
  expect(second!.event.xdm._experience).toEqual({ analytics: {} });
  expect(errors).toEqual([]);
  await context.close();
});

test("click collection inside turbine 28.1.0: only when the library carries its module", async () => {
  for (const carried of [true, false]) {
    edge.requests.length = 0;
    edge.serve("/launch.js", "text/javascript", await library(carried));
    edge.serve(
      "/launch.html",
      "text/html",
      `<!doctype html><title>l</title><script src="/launch.js"></script><nav><a id="go" href="/next.html">Next page</a></nav>`,
    );
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("https://www.example.test/launch.html");
    await page.evaluate(() => {
      window.addEventListener("click", (e) => e.preventDefault());
      (window as unknown as { __fire: Record<string, () => void> }).__fire.page!();
    });
    await expect.poll(() => edge.requests.length).toBe(1);
    await page.click("#go");
    // The sentinel: a rule's event sent after the click.
    await page.evaluate(() =>
      (window as unknown as { __fire: Record<string, () => void> }).__fire.click!(),
    );
    await expect
      .poll(() =>
        edge.requests.some((r) => r.body.events[0].xdm.web.webInteraction?.name === "cta"),
      )
      .toBe(true);
    const collected = edge.requests
      .map((r) => r.body.events[0].xdm.web.webInteraction)
      .filter((w) => w?.name === "Next page");
    expect(collected).toEqual(
      carried
        ? [
            {
              name: "Next page",
              region: "NAV",
              type: "other",
              URL: "https://www.example.test/next.html",
              linkClicks: { value: 1 },
            },
          ]
        : [],
    );
    expect(errors).toEqual([]);
    await context.close();
  }
});
