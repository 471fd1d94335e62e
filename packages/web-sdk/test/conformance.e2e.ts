/**
 * Conformance: the same scenarios run with the real @adobe/alloy 2.26.0 (bundled from npm,
 * see buildAlloyPeer.ts) and with our dist/web-sdk.min.js against the same test edge; the
 * request bodies (timestamps and ids aside) and the command results must be equal.
 * Known, documented differences are listed where a scenario normalises them.
 */
import { chromium, expect, test, type Browser } from "@playwright/test";
import { launchOptions } from "../../../e2e/chromium.ts";
import bundle from "./bundle.ts";
import buildAlloyPeer from "./buildAlloyPeer.ts";
import { normalise, openPage, requestView, runSteps, type Step } from "./harness.ts";
import { ORG, startTestEdge, type Answer, type TestEdge } from "./testEdge.ts";

let edge: TestEdge;
let browser: Browser;
const sdks: Record<string, string> = {};

test.beforeAll(async () => {
  edge = await startTestEdge();
  sdks.ours = await bundle("dist/web-sdk.min.js");
  sdks.alloy = await buildAlloyPeer();
  browser = await chromium.launch({
    ...launchOptions,
    args: [...launchOptions.args, ...edge.browserArgs],
  });
});
test.afterAll(async () => {
  await browser?.close();
  await edge?.close();
});

const config = {
  datastreamId: "ds-conformance",
  orgId: ORG,
  edgeDomain: "edge.example.test",
  thirdPartyCookiesEnabled: false,
  clickCollectionEnabled: false,
};

/** Runs `steps` with one SDK in a fresh context; returns results and edge requests. */
async function run(sdk: string, steps: Step[], search = "", cookies: Record<string, string> = {}) {
  edge.requests.length = 0;
  const { page, close } = await openPage(browser, edge, sdks[sdk]!, search, cookies);
  const results = await runSteps(page, steps);
  // A beacon leaves the page asynchronously: wait until the edge has recorded it.
  const beacons = steps.filter(([, o]) => o?.documentUnloading).length;
  if (beacons)
    await expect
      .poll(() => edge.requests.filter((r) => r.action === "collect").length)
      .toBeGreaterThanOrEqual(beacons);
  const requests = edge.requests.map(requestView);
  await close();
  return { results: normalise(results), requests };
}

async function compare(steps: Step[], search = "", cookies: Record<string, string> = {}) {
  const alloy = await run("alloy", steps, search, cookies);
  const ours = await run("ours", steps, search, cookies);
  expect(ours.requests).toEqual(alloy.requests);
  expect(ours.results).toEqual(alloy.results);
  return { alloy, ours };
}

test("page view, interaction, identity, unload beacon", async () => {
  const { ours } = await compare([
    ["configure", config],
    [
      "sendEvent",
      {
        xdm: {
          eventType: "web.webpagedetails.pageViews",
          web: { webPageDetails: { name: "home" } },
        },
        data: { custom: 1 },
      },
    ],
    [
      "sendEvent",
      {
        type: "web.webinteraction.linkClicks",
        mergeId: "m-1",
        xdm: { web: { webInteraction: { name: "cta", linkClicks: { value: 1 } } } },
      },
    ],
    ["getIdentity"],
    ["appendIdentityToUrl", { url: "https://other.test/p?a=1#frag" }],
    [
      "sendEvent",
      {
        xdm: { eventType: "web.webpagedetails.pageViews" },
        edgeConfigOverrides: {
          datastreamId: "ds-2",
          com_adobe_analytics: { reportSuites: ["rs1"] },
        },
      },
    ],
    ["sendEvent", { xdm: { eventType: "leave" }, documentUnloading: true }],
  ]);
  expect(ours.requests.map((r) => r.path)).toEqual([
    "/ee/v1/interact",
    "/ee/or2/v1/interact",
    "/ee/or2/v1/interact",
    "/ee/or2/v1/collect",
  ]);
});

test("errors: before configure and an invalid configure", async () => {
  await compare([
    ["sendEvent", {}],
    ["configure", { ...config, edgeDomain: "localhost:8443" }],
  ]);
  await compare([["configure", { ...config, orgId: undefined, datastreamId: undefined }]]);
  await compare([["configure", { ...config, foo: 1, bar: true }]]);
});

test("errors: a second configure, bad command options, unknown and unsupported commands", async () => {
  const { ours, alloy } = await compare([
    ["configure", config],
    ["configure", config],
    ["setDebug", {}],
    ["setDebug", { enabled: false }],
    ["sendEvent", { xdm: { identityMap: { EMAIL: [{ id: "a", authenticatedState: "maybe" }] } } }],
    ["appendIdentityToUrl", {}],
    ["createEventMergeId"],
  ]);
  expect(ours.results.at(-1)).toEqual({ ok: { eventMergeId: "<uuid>" } });
  expect(alloy.requests).toEqual([]);
});

test("consent pending, then in, then out", async () => {
  await compare([
    ["configure", { ...config, defaultConsent: "pending" }],
    ["appendIdentityToUrl", { url: "https://other.test/" }],
    [
      "setConsent",
      {
        consent: [{ standard: "Adobe", version: "1.0", value: { general: "in" } }],
        identityMap: { EMAIL: [{ id: "a@b.c" }] },
      },
    ],
    ["sendEvent", { xdm: { eventType: "after-in" } }],
    [
      "setConsent",
      {
        consent: [
          {
            standard: "Adobe",
            version: "2.0",
            value: { collect: { val: "n" }, metadata: { time: "2026-01-01T00:00:00Z" } },
          },
        ],
      },
    ],
    ["sendEvent", { xdm: { eventType: "after-out" } }],
    ["getIdentity"],
  ]);
});

test("onBeforeEventSend edits and cancels", async () => {
  await compare([
    [
      "configure",
      {
        ...config,
        onBeforeEventSend:
          "if (content.xdm.eventType === 'drop') return false; content.xdm.edited = true; content.data.added = 1;",
      },
    ],
    ["sendEvent", { xdm: { eventType: "keep" } }],
    ["sendEvent", { xdm: { eventType: "drop" } }],
  ]);
});

test("server errors and a retried 503", async () => {
  let failures = 0;
  edge.override((r): Answer | undefined => {
    if (r.body?.events?.[0]?.xdm?.eventType === "bad")
      return {
        status: 400,
        body: JSON.stringify({
          type: "https://ns.adobe.com/aep/errors/EXEG-0003-400",
          status: 400,
          title: "Invalid datastream ID",
        }),
        headers: { "Content-Type": "application/problem+json" },
      };
    if (r.body?.events?.[0]?.xdm?.eventType === "busy" && failures++ % 2 === 0)
      return { status: 503, body: "", headers: { "Retry-After": "0" } };
    return undefined;
  });
  try {
    await compare([
      ["configure", config],
      ["sendEvent", { xdm: { eventType: "bad" } }],
      ["sendEvent", { xdm: { eventType: "busy" } }],
    ]);
  } finally {
    edge.override(undefined);
  }
});

test("AMCV migration and a fresh adobe_mc", async () => {
  const ecid = "12345678901234567890123456789012345678";
  const adobeMc = encodeURIComponent(
    `TS=${Math.floor(Date.now() / 1000)}|MCMID=${ecid}|MCORGID=${encodeURIComponent(ORG)}`,
  );
  const { ours } = await compare(
    [["configure", config], ["sendEvent", {}], ["getIdentity"]],
    `?adobe_mc=${adobeMc}`,
  );
  expect(ours.requests[0]!.body).toMatchObject({
    xdm: { identityMap: { ECID: [{ id: "<ecid>" }] } },
  });
  const amcv = encodeURIComponent(`179643557|MCIDTS|20779|MCMID|${ecid}|vVersion|5.5.0`);
  const migrated = await compare([["configure", config], ["sendEvent", {}], ["getIdentity"]], "", {
    [`AMCV_${encodeURIComponent(ORG)}`]: amcv,
  });
  expect(migrated.ours.requests[0]!.body).toMatchObject({
    xdm: { identityMap: { ECID: [{ id: "<ecid>" }] } },
  });
  expect(JSON.stringify(migrated.ours.results)).toContain("<ecid>");
});

test("third-party cookies left on (CORE requested) and applyResponse", async () => {
  // alloy's first request goes to adobedc.demdex.net, which the resolver rules also send to
  // the test edge; paths and bodies are what is compared, not hosts.
  const { thirdPartyCookiesEnabled: _omit, ...defaults } = config;
  const { ours } = await compare([
    ["configure", defaults],
    ["sendEvent", { xdm: { eventType: "first" } }],
    [
      "applyResponse",
      {
        responseBody: {
          handle: [
            { type: "activation:pull", payload: [{ id: "dest-1", segments: [{ id: "s-1" }] }] },
            {
              type: "identity:result",
              payload: [
                { id: "12345678901234567890123456789012345678", namespace: { code: "ECID" } },
              ],
            },
          ],
        },
      },
    ],
  ]);
  expect(ours.requests[0]!.body).toMatchObject({
    query: { identity: { fetch: ["ECID", "CORE"] } },
  });
});
