import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { build } from "esbuild";
import startIdentityServer, { type IdentityServer } from "../../test/startIdentityServer.ts";

// The mcid-instance shared module inside the real Launch engine (@adobe/reactor-turbine
// 28.1.0, dist/engine.min.js, run as a reference peer) in Chromium: turbine initialises it
// with the extension settings, another extension gets it through getSharedModule, and
// _satellite.getVisitorId() returns it.
let server: IdentityServer;
test.beforeAll(async () => {
  server = await startIdentityServer();
});
test.afterAll(() => server.close());

// A TS module as a Launch module script: `function (module, exports, require, turbine)`.
async function launchModule(file: string): Promise<string> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    format: "iife",
    globalName: "__module",
    target: "es2020",
    write: false,
    logLevel: "silent",
  });
  return `function (module, exports, require, turbine) {\n${result.outputFiles[0]!.text}\n__module.default(module, exports, require, turbine);\n}`;
}

/** Extra data elements, modules and rules for a library (the Set Customer IDs test). */
interface Extra {
  dataElements?: string;
  modules?: string;
  rules?: string;
}

async function library(
  orgId: unknown,
  audienceManager = false,
  extra: Extra = {},
): Promise<string> {
  const script = await launchModule(join(import.meta.dirname, "mcidInstance.ts"));
  // With Audience Manager the library carries the publishDestinations part beside it.
  const part = audienceManager
    ? `"adobe-mcid/src/lib/sharedModules/publishDestinations.js": { script: ${await launchModule(join(import.meta.dirname, "publishDestinationsModule.ts"))} },`
    : "";
  const container = `{
    company: { orgId: "ABC123@AdobeOrg", dynamicCdnEnabled: false },
    property: { name: "Test", id: "PR00000000000000000000000000000001", settings: { domains: ["127.0.0.1"], undefinedVarsReturnEmpty: false, ruleComponentSequencingEnabled: false } },
    buildInfo: { turbineVersion: "28.1.0", turbineBuildDate: "2025-02-06T00:00:00Z", buildDate: "2026-11-21T00:00:00Z", minified: false },
    environment: { id: "EN00000000000000000000000000000001", stage: "development" },
    dataElements: {${extra.dataElements ?? ""}},
    extensions: {
      "adobe-mcid": {
        displayName: "Experience Cloud ID Service",
        settings: { orgId: ${JSON.stringify(orgId)}, variables: [
          { name: "loadSSL", value: "false" },
          { name: "marketingCloudServer", value: ${JSON.stringify(server.crossHost)} }
        ] },
        modules: {
          ${part}${extra.modules ?? ""}
          "adobe-mcid/src/lib/sharedModules/mcidInstance.js": { name: "mcid-instance", shared: true, script: ${script} }
        }
      },
      test: {
        displayName: "Test",
        modules: {
          "test/src/lib/events/now.js": { name: "now", script: function (module) {
            module.exports = function (settings, trigger) { trigger(); };
          } },
          "test/src/lib/actions/readShared.js": { name: "read-shared", script: function (module, exports, require, turbine) {
            module.exports = function () { window.__shared = turbine.getSharedModule("adobe-mcid", "mcid-instance"); };
          } }
        }
      }
    },
    rules: [{ id: "RL00000000000000000000000000000001", name: "read the shared instance",
      events: [{ modulePath: "test/src/lib/events/now.js", settings: {}, ruleOrder: 50 }], conditions: [],
      actions: [{ modulePath: "test/src/lib/actions/readShared.js", settings: {} }] }${extra.rules ?? ""}]
  }`;
  const engine = readFileSync(
    createRequire(import.meta.url).resolve("@adobe/reactor-turbine/dist/engine.min.js"),
    "utf8",
  );
  return `window._satellite = window._satellite || {}; window._satellite.container = ${container};\n${engine}`;
}

test("turbine 28.1.0 runs the shared module and exposes the instance", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.origin}/page.html`);
  await page.addScriptTag({ content: await library("ABC123@AdobeOrg") });
  const result = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const w = window as any;
        const instance = w._satellite.getVisitorId();
        instance.getMarketingCloudVisitorID((mid: string) =>
          resolve({
            mid,
            shared: w.__shared === instance,
            org: instance.marketingCloudOrgID,
            sameAsPageApi: w.Visitor.getInstance("ABC123@AdobeOrg") === instance,
          }),
        );
      }),
  );
  expect(result).toEqual({
    mid: expect.stringMatching(/^\d{38}$/),
    shared: true,
    org: "ABC123@AdobeOrg",
    sameAsPageApi: true,
  });
  expect(errors).toEqual([]);
});

test("turbine reports a non-string org ID with the extension's message", async ({ page }) => {
  const logs: string[] = [];
  page.on("console", (m) => logs.push(m.text()));
  await page.goto(`${server.origin}/page.html`);
  // Turbine logs module errors only in debug mode.
  await page.evaluate(() => localStorage.setItem("com.adobe.reactor.debug", "true"));
  await page.addScriptTag({ content: await library(42) });
  await expect
    .poll(() => logs.find((l) => l.includes("mcidInstance.js")) ?? "")
    .toContain("Org ID is not a string.");
  expect(await page.evaluate(() => (window as any)._satellite.getVisitorId())).toBeNull();
});

// DIL 8 checks the instance for publishDestinations and calls it with its URL destinations:
// the page requests them in order; one marked hideReferrer goes to the frame instead.
test("with Audience Manager, the instance publishes DIL's destinations; without, it has no such method", async ({
  page,
}) => {
  await page.goto(`${server.origin}/page.html`);
  await page.addScriptTag({ content: await library("ABC123@AdobeOrg") });
  expect(
    await page.evaluate(() => typeof (window as any)._satellite.getVisitorId().publishDestinations),
  ).toBe("undefined");

  const requested: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/dest/")) requested.push(new URL(r.url()).pathname);
  });
  await page.goto(`${server.origin}/page.html`);
  await page.addScriptTag({ content: await library("ABC123@AdobeOrg", true) });
  const last = page.waitForRequest((r) => r.url().endsWith("/dest/two"));
  const result = page.evaluate(
    (origin) =>
      new Promise((resolve) => {
        const visitor = (window as any)._satellite.getVisitorId();
        visitor.publishDestinations("", ["x"], (r: unknown) => ((window as any).__bad = r));
        visitor.publishDestinations({
          subdomain: "acme",
          callback: resolve,
          urlDestinations: [
            { url: `${origin}/dest/one` },
            { url: `${origin}/dest/hidden`, hideReferrer: true, message: "ibs:dpid=1" },
            { url: `${origin}/dest/two` },
          ],
        });
      }),
    server.origin,
  );
  await last;
  expect(requested).toEqual(["/dest/one", "/dest/two"]);
  expect(await result).toEqual({
    message:
      "Attempted to attach and load the destination publishing iframe through this API call. Result: no result",
  });
  expect(await page.evaluate(() => (window as any).__bad)).toEqual({
    error: "subdomain is not a populated string.",
  });
});

// Launch's "Set Customer IDs" action and "ECID" data element, as a Launch library names them
// (an import maps them to identity's): a rule sets the id a data element holds, the next /id
// call carries it, and a row whose value is empty is left out with Launch's warning.
test("the Set Customer IDs action and the ECID data element run in turbine 28.1.0", async ({
  page,
}) => {
  const logs: string[] = [];
  page.on("console", (m) => logs.push(m.text()));
  const action = await launchModule(join(import.meta.dirname, "actions/setCustomerIds.ts"));
  const ecid = await launchModule(join(import.meta.dirname, "dataElements/ecid.ts"));
  await page.goto(`${server.origin}/page.html`);
  await page.evaluate(() => {
    localStorage.setItem("com.adobe.reactor.debug", "true");
    (window as any).digitalData = { userId: "U-42" };
  });
  const withId = page.waitForRequest((r) => r.url().includes("d_cid_ic=crm_id"));
  await page.addScriptTag({
    content: await library("ABC123@AdobeOrg", false, {
      dataElements: `
        "user id": { modulePath: "test/src/lib/dataElements/userId.js", settings: {} },
        "ecid": { modulePath: "adobe-mcid/src/lib/dataElements/ecid.js", settings: {} }`,
      modules: `
        "adobe-mcid/src/lib/actions/setCustomerIds.js": { name: "set-customer-ids", script: ${action} },
        "adobe-mcid/src/lib/dataElements/ecid.js": { name: "ecid", script: ${ecid} },`,
      rules: `, { id: "RL00000000000000000000000000000002", name: "set ids",
        events: [{ modulePath: "test/src/lib/events/now.js", settings: {}, ruleOrder: 60 }], conditions: [],
        actions: [{ modulePath: "adobe-mcid/src/lib/actions/setCustomerIds.js", settings: { customerIds: [
          { integrationCode: "crm_id", value: "%user id%", authState: 1, hashType: "" },
          { integrationCode: "email", value: "", authState: 1, hashType: "SHA-256" }
        ] } }] }`,
    }).then((code) =>
      code.replace(
        '"test/src/lib/events/now.js":',
        `"test/src/lib/dataElements/userId.js": { name: "user-id", script: function (module) {
            module.exports = function () { return window.digitalData.userId; };
          } },
          "test/src/lib/events/now.js":`,
      ),
    ),
  });
  const id = new URL((await withId).url());
  expect(id.searchParams.getAll("d_cid_ic")).toEqual(["crm_id\u0001U-42\u00011"]);
  const ids = await page.evaluate(() => (window as any)._satellite.getVisitorId().getCustomerIDs());
  expect(ids).toEqual({ crm_id: { id: "U-42", authState: 1 } });
  expect(logs.some((l) => l.includes("Rejected these customer ids:") && l.includes("email"))).toBe(
    true,
  );
  const mid = await page.evaluate(
    () =>
      new Promise((resolve) =>
        (window as any)._satellite.getVisitorId().getMarketingCloudVisitorID(resolve),
      ),
  );
  expect(await page.evaluate(() => (window as any)._satellite.getVar("ecid"))).toBe(mid);
});
