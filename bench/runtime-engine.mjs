#!/usr/bin/env -S npx tsx
// Rule engine benchmark: our runtime and turbine 28.1.0 side by side in one Chromium run.
// A container of 200 rules × 3 conditions and 100 data elements is initialised, then 1,000
// direct-call events are fired (each matching 4 rules, whose conditions resolve data element
// tokens). Rounds alternate engines; the median of each is reported.
// The container assignment and the engine are served as two scripts (a Launch library is one
// file holding both) so that "init" is the engine's own start-up — parsing and running the
// engine over the container — and not the parse of the container text, which is the same
// bytes for both engines. Every round uses fresh URLs, so no compiled-code cache is reused.
// `--profile` instead prints where each engine spends its per-event time: a CPU profile of
// 10,000 events after a warm-up, self time by function, over readable builds (turbine's
// dist/engine.js; ours bundled with the build's options but neither mangled nor minified).
// Run: npx tsx bench/runtime-engine.mjs [rounds] [--profile]
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { launchOptions } from "../e2e/chromium.ts";
import { esbuildOptions } from "../packages/runtime/build.mjs";
import { engineFile, toSource } from "../packages/runtime/test/differential.ts";
import { holdBenchLock } from "./benchLock.mjs";
import { samples } from "./cpuProfile.mjs";

const args = process.argv.slice(2);
const PROFILE = args.includes("--profile");
const ROUNDS = Number(args.find((a) => !a.startsWith("--")) ?? 9);
const RULES = 200;
const DATA_ELEMENTS = 100;
const EVENTS = 1000;
const IDENTIFIERS = 50;

function benchContainer() {
  const modules = {
    "bench/direct.js": {
      name: "direct-call",
      displayName: "Direct Call",
      script: (module) => {
        module.exports = (settings, trigger) => {
          const w = window;
          w.__bench = w.__bench || {};
          (w.__bench[settings.identifier] = w.__bench[settings.identifier] || []).push(trigger);
        };
      },
    },
    "bench/compare.js": {
      name: "value-comparison",
      displayName: "Value Comparison",
      script: (module) => {
        module.exports = (settings) => settings.leftOperand === settings.rightOperand;
      },
    },
    "bench/count.js": {
      name: "count",
      displayName: "Count",
      script: (module) => {
        module.exports = () => {
          window.__count = (window.__count || 0) + 1;
        };
      },
    },
    "bench/constant.js": {
      name: "constant",
      displayName: "Constant",
      script: (module) => {
        module.exports = (settings) => settings.value;
      },
    },
  };
  const dataElements = {};
  for (let i = 0; i < DATA_ELEMENTS; i++)
    dataElements[`de${i}`] = { modulePath: "bench/constant.js", settings: { value: `v${i}` } };
  const rules = [];
  for (let i = 0; i < RULES; i++) {
    const conditions = [0, 1, 2].map((k) => {
      const d = (i * 3 + k) % DATA_ELEMENTS;
      return {
        modulePath: "bench/compare.js",
        settings: { leftOperand: `%de${d}%`, rightOperand: `v${d}` },
      };
    });
    rules.push({
      id: `RL${String(i).padStart(32, "0")}`,
      name: `Rule ${i}`,
      events: [
        {
          modulePath: "bench/direct.js",
          settings: { identifier: `id${i % IDENTIFIERS}` },
          ruleOrder: 50,
        },
      ],
      conditions,
      actions: [{ modulePath: "bench/count.js", settings: {} }],
    });
  }
  return {
    company: { orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg", dynamicCdnEnabled: false },
    property: {
      name: "Bench",
      id: "PR0",
      settings: { undefinedVarsReturnEmpty: false, ruleComponentSequencingEnabled: false },
    },
    buildInfo: { buildDate: "2025-03-26T00:00:00Z", minified: true },
    environment: { id: "EN0", stage: "production" },
    rules,
    dataElements,
    extensions: { bench: { displayName: "Bench", modules } },
  };
}

let round = 0;
/**
 * A page that has run the container on `engineCode`; `__init` holds the engine's start-up ms.
 * With `initTotals`, the page load is profiled and the engine script's self times added to it.
 */
async function openPage(browser, engineCode, containerSource, initTotals) {
  const page = await browser.newPage();
  const profiler = initTotals && (await startProfiler(page));
  round += 1;
  await page.route("https://bench.test/**", (route) => {
    const url = route.request().url();
    if (url.includes("/page.html")) {
      return route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><script src="/container.js?r=${round}"></script><script>window.__t0 = performance.now()</script><script src="/engine.js?r=${round}"></script><script>window.__init = performance.now() - window.__t0</script>`,
      });
    }
    const body = url.includes("/container.js") ? containerSource : engineCode;
    return route.fulfill({ contentType: "text/javascript; charset=utf-8", body });
  });
  await page.goto(`https://bench.test/page.html?r=${round}`);
  if (profiler) {
    const { profile } = await profiler.send("Profiler.stop");
    addSelfTimes(initTotals, profile, "/engine.js");
  }
  return page;
}

/** Fires `events` direct-call events; returns the start-up ms, the events' ms and the actions run. */
const fire = (page, events) =>
  page.evaluate(
    ({ events, identifiers }) => {
      window.__count = 0;
      const t = performance.now();
      for (let i = 0; i < events; i++)
        window.__bench[`id${i % identifiers}`].forEach((trigger) => trigger({}));
      return { init: window.__init, fire: performance.now() - t, count: window.__count };
    },
    { events, identifiers: IDENTIFIERS },
  );

// Each event matches RULES / IDENTIFIERS rules; all their conditions pass.
function check(engine, result, events) {
  const expected = (events * RULES) / IDENTIFIERS;
  if (result.count !== expected)
    throw new Error(`${engine}: ${result.count} actions ran, expected ${expected}`);
  return result;
}

async function measure(browser, engine, containerSource) {
  const page = await openPage(browser, engineFile(engine), containerSource);
  const result = await fire(page, EVENTS);
  await page.close();
  return check(engine, result, EVENTS);
}

const root = join(import.meta.dirname, "..");

/** The engines as readable code: names in a profile are the sources' names. */
async function readableEngine(engine) {
  if (engine === "turbine")
    return readFileSync(join(root, "node_modules/@adobe/reactor-turbine/dist/engine.js"), "utf8");
  const result = await build({
    ...esbuildOptions,
    mangleProps: undefined,
    entryPoints: [join(root, "packages/runtime/src/engine.ts")],
  });
  return result.outputFiles[0].text;
}

/**
 * Adds a CDP CPU profile's self time by function (name:line) to `totals`, in ms; with `script`,
 * only the functions of the script whose URL contains it.
 */
function addSelfTimes(totals, profile, script) {
  for (const { node, us } of samples(profile)) {
    const f = node.callFrame;
    if (f.functionName === "(idle)" || (script && !f.url.includes(script))) continue;
    const line = f.lineNumber >= 0 ? `:${f.lineNumber + 1}` : "";
    const key = `${f.functionName || "(anonymous)"}${line}`;
    totals.set(key, (totals.get(key) ?? 0) + us / 1000);
  }
}

async function startProfiler(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
  await cdp.send("Profiler.start");
  return cdp;
}

/** Profiles `events` events on an open page; returns how long they took. */
async function profiled(page, events, totals) {
  const cdp = await startProfiler(page);
  const result = await fire(page, events);
  const { profile } = await cdp.send("Profiler.stop");
  addSelfTimes(totals, profile);
  return result;
}

function printSelfTimes(title, totals) {
  const rows = [...totals].sort((a, b) => b[1] - a[1]);
  const sampled = rows.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(
    `\n${title}; self time by function\n| function:line | self ms | % |\n|---|---:|---:|`,
  );
  for (const [name, ms] of rows.slice(0, 15))
    console.log(`| ${name} | ${ms.toFixed(1)} | ${((100 * ms) / sampled).toFixed(1)} |`);
}

const COLD_PAGES = 10;
const WARM_EVENTS = 10000;

/**
 * Three profiles per engine: "init" is the engine script's own start-up (its functions only, as
 * `__init` times it; summed over 10 pages), "cold" is what the benchmark times (a fresh page's
 * first 1,000 events, summed over the same pages), "warm" is 10,000 events after those, once
 * the code is optimised.
 */
async function profileEngine(browser, engine, containerSource) {
  const code = await readableEngine(engine);
  const [init, cold, warm] = [new Map(), new Map(), new Map()];
  let initMs = 0;
  let coldMs = 0;
  for (let p = 0; p < COLD_PAGES; p++) {
    const page = await openPage(browser, code, containerSource, init);
    const result = check(engine, await profiled(page, EVENTS, cold), EVENTS);
    initMs += result.init;
    coldMs += result.fire;
    if (p === COLD_PAGES - 1) {
      const { fire: warmMs } = check(engine, await profiled(page, WARM_EVENTS, warm), WARM_EVENTS);
      const pages = `${COLD_PAGES} pages`;
      printSelfTimes(
        `${engine}, init: ${pages}, ${initMs.toFixed(1)} ms (engine script only)`,
        init,
      );
      printSelfTimes(`${engine}, cold: ${pages} × ${EVENTS} events, ${coldMs.toFixed(1)} ms`, cold);
      printSelfTimes(`${engine}, warm: ${WARM_EVENTS} more events, ${warmMs.toFixed(1)} ms`, warm);
    }
    await page.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function compare(browser, container) {
  const runs = { turbine: [], liftoff: [] };
  await measure(browser, "turbine", container); // warm the browser once
  for (let r = 0; r < ROUNDS; r++) {
    for (const engine of r % 2 ? ["liftoff", "turbine"] : ["turbine", "liftoff"])
      runs[engine].push(await measure(browser, engine, container));
  }
  const row = (engine) => {
    const init = median(runs[engine].map((x) => x.init));
    const fire = median(runs[engine].map((x) => x.fire));
    return { engine, init, fire, total: init + fire };
  };
  const t = row("turbine");
  const l = row("liftoff");
  console.log(`| engine | init ms | 1,000 events ms | total ms |`);
  console.log(`|---|---:|---:|---:|`);
  for (const x of [t, l])
    console.log(
      `| ${x.engine} | ${x.init.toFixed(1)} | ${x.fire.toFixed(1)} | ${x.total.toFixed(1)} |`,
    );
  const ratio = (key) => (l[key] / t[key]).toFixed(2);
  console.log(
    `\nratio liftoff / turbine: events ${ratio("fire")}, init ${ratio("init")}, total ${ratio("total")}  (median of ${ROUNDS} rounds each)`,
  );
}

await holdBenchLock();
const browser = await chromium.launch(launchOptions);
try {
  const container = `window._satellite=window._satellite||{};window._satellite.container=${toSource(benchContainer())};`;
  if (!PROFILE) await compare(browser, container);
  else for (const engine of ["turbine", "liftoff"]) await profileEngine(browser, engine, container);
} finally {
  await browser.close();
}
