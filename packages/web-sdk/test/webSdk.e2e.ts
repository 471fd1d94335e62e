/**
 * Our dist/web-sdk.min.js in real Chromium against the HTTPS test edge: the behaviours
 * that are ours alone (unsupported commands, the edgeOrigin extension) or that the
 * conformance suite does not exercise (debug logging, real back-off timing, TCF consent).
 */
import { chromium, expect, test, type Browser } from "@playwright/test";
import { launchOptions } from "../../../e2e/chromium.ts";
import bundle from "./bundle.ts";
import { openPage, runSteps } from "./harness.ts";
import { ORG, startTestEdge, type TestEdge } from "./testEdge.ts";

let edge: TestEdge;
let browser: Browser;
let sdk: string;

test.beforeAll(async () => {
  edge = await startTestEdge();
  sdk = await bundle("dist/web-sdk.min.js");
  browser = await chromium.launch({
    ...launchOptions,
    args: [...launchOptions.args, ...edge.browserArgs],
  });
});
test.afterAll(async () => {
  await browser?.close();
  await edge?.close();
});
test.beforeEach(() => {
  edge.requests.length = 0;
  edge.override(undefined);
});

const config = {
  datastreamId: "ds-e2e",
  orgId: ORG,
  edgeDomain: "edge.example.test",
  thirdPartyCookiesEnabled: false,
};

test("unsupported personalization and media commands fail at once; unknown ones list the commands", async () => {
  const { page, close } = await openPage(browser, edge, sdk);
  const results = await runSteps(page, [
    ["configure", config],
    ["applyPropositions", { propositions: [] }],
    ["createMediaSession", {}],
    ["fly"],
  ]);
  expect(results[1]!.error).toMatch(
    /^\[alloy\] The applyPropositions command is not supported by this SDK/,
  );
  expect(results[2]!.error).toMatch(/^\[alloy\] The createMediaSession command is not supported/);
  expect(results[3]!.error).toBe(
    "[alloy] The fly command does not exist. List of available commands: configure, setDebug, sendEvent, applyResponse, setConsent, getIdentity, appendIdentityToUrl, getLibraryInfo, createEventMergeId, applyPropositions, evaluateRulesets, subscribeRulesetItems, createMediaSession, sendMediaEvent, getMediaAnalyticsTracker.",
  );
  await close();
});

test("alloy_debug=true turns on [alloy] logs for the tab; setDebug(false) persists", async () => {
  const { page, logs, close } = await openPage(browser, edge, sdk, "?alloy_debug=true");
  await runSteps(page, [
    ["configure", config],
    ["sendEvent", { xdm: { eventType: "x" } }],
  ]);
  expect(logs.some((l) => l.startsWith("info: [alloy] Request "))).toBe(true);
  expect(
    await page.evaluate(() => sessionStorage.getItem("com.adobe.alloy.instance.alloy.debug")),
  ).toBe("true");
  await runSteps(page, [["setDebug", { enabled: false }]]);
  const before = logs.length;
  await runSteps(page, [["sendEvent", {}]]);
  expect(logs.slice(before).filter((l) => l.includes("[alloy]"))).toEqual([]);
  expect(
    await page.evaluate(() => sessionStorage.getItem("com.adobe.alloy.instance.alloy.debug")),
  ).toBe("false");
  await close();
});

test("retries a 503 after about a second, then resolves", async () => {
  let first = true;
  edge.override((r) => {
    if (r.action !== "interact" || !first) return undefined;
    first = false;
    return { status: 503, body: "" };
  });
  const { page, close } = await openPage(browser, edge, sdk);
  const started = Date.now();
  const results = await runSteps(page, [
    ["configure", config],
    ["sendEvent", {}],
  ]);
  const took = Date.now() - started;
  expect(results[1]).toEqual({ ok: { propositions: [], decisions: [], destinations: [] } });
  expect(edge.requests.filter((r) => r.action === "interact")).toHaveLength(2);
  expect(took).toBeGreaterThanOrEqual(700);
  await close();
});

test("network failure rejects with Network request failed.", async () => {
  const { page, close } = await openPage(browser, edge, sdk);
  const results = await runSteps(page, [
    ["configure", { ...config, edgeOrigin: "https://127.0.0.1:1" }],
    ["sendEvent", {}],
  ]);
  expect(results[1]!.error).toMatch(
    /^\[alloy\] \[DataCollector\] An error occurred while executing the sendEvent command\.\nCaused by: Network request failed\./,
  );
  await close();
});

test("edgeOrigin reaches a plain-http development edge on a port", async () => {
  const { page, close } = await openPage(browser, edge, sdk, "", {}, edge.httpOrigin);
  const results = await runSteps(page, [
    ["configure", { ...config, edgeOrigin: edge.httpOrigin }],
    ["sendEvent", { xdm: { eventType: "local" } }],
    ["getIdentity"],
    ["sendEvent", {}],
  ]);
  expect(results[1]!.ok).toBeDefined();
  expect(results[2]!.ok).toMatchObject({ identity: { ECID: expect.stringMatching(/^\d{38}$/) } });
  expect(edge.requests.map((r) => r.path)).toEqual(["/ee/v1/interact", "/ee/or2/v1/interact"]);
  // The page is on an IP address: no apex domain, so cookies travel in meta.state.entries.
  expect(edge.requests[1]!.body.meta.state.domain).toBe("");
  expect(edge.requests[1]!.body.meta.state.entries.map((e: { key: string }) => e.key)).toContain(
    `kndctr_${ORG.replace("@", "_")}_identity`,
  );
  await close();
});

test("IAB TCF consent is passed through and the edge's decision applies", async () => {
  const { page, close } = await openPage(browser, edge, sdk);
  const tcf = {
    standard: "IAB TCF",
    version: "2.0",
    value: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
    gdprApplies: true,
  };
  const results = await runSteps(page, [
    ["configure", { ...config, defaultConsent: "pending" }],
    ["setConsent", { consent: [tcf] }],
    ["sendEvent", {}],
  ]);
  expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
  expect(edge.requests.map((r) => r.action)).toEqual(["privacy/set-consent", "interact"]);
  expect(edge.requests[0]!.body.consent).toEqual([tcf]);
  expect(edge.requests[0]!.contentType?.toLowerCase()).toBe("text/plain; charset=utf-8");
  await close();
});
