#!/usr/bin/env -S npx tsx
// Page cost of the pc-marketing container: main-thread scripting time the library adds to
// the demo home page in Chromium (CDP Performance.getMetrics ScriptDuration, read after the
// window load and the page view's edge round trip), median of N loads, minus the median of
// the same page without a library. Beside it, the same container on turbine 28.1.0
// (@adobe/reactor-turbine dist/engine.min.js) with the real @adobe/alloy 2.26.0 from npm
// behind the Web SDK extension's instance manager. Loads alternate between the three pages;
// every load is a fresh browser context (no cache, no cookies).
// Run: npx tsx bench/page-cost.mjs [loads]   (default 10)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { createDemoServer } from "../apps/demo-site/src/index.ts";
import createApp from "../apps/server/src/createApp.ts";
import ensureCertificate from "../apps/server/src/ensureCertificate.ts";
import { launchOptions } from "../e2e/chromium.ts";
import { buildPcMarketingLibrary } from "../e2e/pcMarketingLibrary.ts";
import { repoRoot } from "../e2e/startServer.ts";
import { createPropertyDocument, ENVIRONMENTS } from "../properties/pc-marketing/src/index.ts";

const LOADS = Number(process.argv[2] ?? 10);
// --profile: also print where the Liftoff page's scripting time goes (CPU profile, self time).
const PROFILE = process.argv.includes("--profile");
// --breakdown: also the engine alone, + Web SDK, + identity (no rules, no data elements), to
// show what each part costs before any rule runs.
const BREAKDOWN = process.argv.includes("--breakdown");
const PARTS = {
  engine: ["core"],
  sdk: ["core", "web-sdk"],
  identity: ["core", "web-sdk", "identity"],
};
const EDGE_HOST = "edge.example.test";
const require = createRequire(import.meta.url);

/** The instance manager module, backed by the real alloy (bench only; nothing ships). */
const ALLOY_INSTANCE_MANAGER = `
import { createInstance } from "@adobe/alloy";
export default function (module, exports, require, turbine) {
  const stage = turbine.environment.stage;
  const s = turbine.getExtensionSettings().instances[0];
  const instance = createInstance({ name: s.name });
  window[s.name] = instance;
  instance("configure", {
    datastreamId: (stage === "development" && s.developmentEdgeConfigId) ||
      (stage === "staging" && s.stagingEdgeConfigId) || s.edgeConfigId,
    orgId: window._satellite.company.orgId,
    edgeDomain: ${JSON.stringify(EDGE_HOST)},
    defaultConsent: s.defaultConsent,
    thirdPartyCookiesEnabled: false,
  });
  let merge = 0;
  module.exports = {
    getInstance: (name) => (name === s.name ? instance : undefined),
    createEventMergeId: () => String(++merge),
  };
}`;

async function alloyInstanceManager() {
  const result = await build({
    stdin: { contents: ALLOY_INSTANCE_MANAGER, resolveDir: repoRoot, loader: "js" },
    bundle: true,
    minify: true,
    format: "iife",
    globalName: "__m",
    target: "es2018",
    write: false,
    logLevel: "error",
  });
  return `function(module,exports,require,turbine){${result.outputFiles[0].text};__m.default(module,exports,require,turbine)}`;
}

const listen = (server, host = "127.0.0.1") =>
  new Promise((resolve) => server.listen(0, host, () => resolve(server.address().port)));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Self time by function and script of one load, top 15 (the --profile flag). */
async function profile(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const client = await context.newCDPSession(page);
  await client.send("Profiler.enable");
  await client.send("Profiler.setSamplingInterval", { interval: 100 });
  await client.send("Profiler.start");
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const { profile: p } = await client.send("Profiler.stop");
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  p.samples.forEach((id, i) => {
    const node = byId.get(id);
    const f = node.callFrame;
    if (f.functionName === "(idle)" || f.functionName === "(program)") return;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  for (const [key, ms] of top) console.log(`${ms.toFixed(1).padStart(7)} ms  ${key}`);
  await context.close();
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "liftoff-page-cost-"));
  // One edge over HTTPS (the real alloy only speaks https) and over http (ours, edgeOrigin).
  const https = createApp({ https: ensureCertificate(dir), rateLimitPerSecond: 0 });
  await https.listen({ port: 0, host: "127.0.0.1" });
  const httpsPort = https.server.address().port;
  const edge = createApp({ rateLimitPerSecond: 0 });
  await edge.listen({ port: 0, host: "127.0.0.1" });
  const edgeOrigin = `http://127.0.0.1:${edge.server.address().port}`;

  const environmentId = ENVIRONMENTS.production;
  const doc = createPropertyDocument({
    edgeOrigin,
    identityServer: edgeOrigin.replace("http://", ""),
  });
  // The same property with only the data layer and page view rules: what the engine, the
  // SDK and identity cost before the property's other rules.
  const minimal = {
    ...doc,
    rules: doc.rules.filter((r) => ["Data Layer", "All Pages - Page View"].includes(r.name)),
  };
  const libraries = {
    "/liftoff.js": await buildPcMarketingLibrary(doc, { environmentId, minify: true }),
    "/minimal.js": await buildPcMarketingLibrary(minimal, { environmentId, minify: true }),
    "/turbine.js": await buildPcMarketingLibrary(doc, {
      environmentId,
      minify: true,
      engine: readFileSync(require.resolve("@adobe/reactor-turbine/dist/engine.min.js"), "utf8"),
      replaceModules: { "web-sdk/src/lib/instanceManager.js": await alloyInstanceManager() },
    }),
  };
  if (BREAKDOWN)
    for (const [name, extensions] of Object.entries(PARTS)) {
      const part = {
        ...doc,
        rules: [],
        dataElements: [],
        extensions: doc.extensions.filter((e) => extensions.includes(e.name)),
      };
      libraries[`/${name}.js`] = await buildPcMarketingLibrary(part, {
        environmentId,
        minify: true,
      });
    }
  const files = createServer((req, res) => {
    const body = libraries[req.url ?? ""];
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/javascript" }).end(body);
  });
  const filesOrigin = `http://127.0.0.1:${await listen(files)}`;
  const sites = {
    none: createDemoServer(),
    liftoff: createDemoServer({ libraryUrl: `${filesOrigin}/liftoff.js` }),
    minimal: createDemoServer({ libraryUrl: `${filesOrigin}/minimal.js` }),
    turbine: createDemoServer({ libraryUrl: `${filesOrigin}/turbine.js` }),
  };
  if (BREAKDOWN)
    for (const name of Object.keys(PARTS))
      sites[name] = createDemoServer({ libraryUrl: `${filesOrigin}/${name}.js` });
  const origins = {};
  for (const [name, site] of Object.entries(sites))
    origins[name] = `http://127.0.0.1:${await listen(site)}/`;

  const browser = await chromium.launch({
    ...launchOptions,
    args: [
      ...launchOptions.args,
      "--ignore-certificate-errors",
      `--host-resolver-rules=MAP ${EDGE_HOST} 127.0.0.1:${httpsPort}`,
    ],
  });
  // First visit: a fresh context (no cookies, storage never touched). Repeat visit: the
  // same page loaded again in that context (ECID cookie set, storage initialised); the
  // metrics start again with the new document.
  const samples = Object.fromEntries(Object.keys(sites).map((name) => [name, []]));
  const repeat = Object.fromEntries(Object.keys(sites).map((name) => [name, []]));
  const sent = Object.fromEntries(Object.keys(sites).map((name) => [name, 0]));
  const scriptMs = async (client) => {
    const { metrics } = await client.send("Performance.getMetrics");
    return metrics.find((m) => m.name === "ScriptDuration").value * 1000;
  };
  for (let round = 0; round < LOADS + 1; round++) {
    for (const name of Object.keys(samples)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const client = await context.newCDPSession(page);
      await client.send("Performance.enable");
      let edgeCalls = 0;
      page.on("requestfinished", (r) => {
        if (/\/ee\/.*v1\/interact/.test(r.url())) edgeCalls++;
      });
      await page.goto(origins[name], { waitUntil: "load" });
      // The page view goes out at DOM ready; give its answer time to be handled. (No
      // polling from the test: Playwright's page functions would count as page scripting.)
      await page.waitForTimeout(1500);
      const first = await scriptMs(client);
      await page.goto(origins[name], { waitUntil: "load" });
      await page.waitForTimeout(1500);
      const again = await scriptMs(client);
      // Round 0 warms the server and the OS caches; it is not counted.
      if (round > 0) {
        samples[name].push(first);
        repeat[name].push(again);
        sent[name] += edgeCalls;
      }
      await context.close();
    }
  }
  if (PROFILE) await profile(browser, origins.liftoff);
  await browser.close();
  const base = median(samples.none);
  const repeatBase = median(repeat.none);
  const row = (name, label) => {
    const first = median(samples[name]);
    const again = median(repeat[name]);
    return `| ${label} | ${first.toFixed(1)} | **${(first - base).toFixed(1)}** | ${again.toFixed(1)} | **${(again - repeatBase).toFixed(1)}** | ${sent[name]}/${2 * LOADS} |`;
  };
  console.log(`loads per page: ${LOADS}; medians in ms of CDP ScriptDuration`);
  console.log(
    "| page | first visit ms | added ms | repeat visit ms | added ms | edge interact calls |",
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  console.log(
    `| demo home, no library | ${base.toFixed(1)} | – | ${repeatBase.toFixed(1)} | – | – |`,
  );
  console.log(row("liftoff", "pc-marketing on Liftoff (runtime + Core + web SDK + identity)"));
  console.log(row("minimal", "Liftoff, data layer and page view rules only"));
  console.log(row("turbine", "same container on turbine 28.1.0 + real @adobe/alloy 2.26.0"));
  if (BREAKDOWN) {
    console.log(row("engine", "breakdown: engine + Core, no rules or data elements"));
    console.log(row("sdk", "breakdown: + Web SDK extension (instance configured)"));
    console.log(row("identity", "breakdown: + identity extension (Visitor, /id)"));
  }
  const raw = (list) => list.map((v) => v.toFixed(1)).join(" ");
  for (const name of Object.keys(samples))
    console.log(`raw ${name}: first ${raw(samples[name])}; repeat ${raw(repeat[name])}`);
  for (const site of Object.values(sites)) site.close();
  files.close();
  await edge.close();
  await https.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
