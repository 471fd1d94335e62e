#!/usr/bin/env -S npx tsx
// Rule engine benchmark: our runtime and turbine 28.1.0 side by side in one Chromium run.
// A container of 200 rules × 3 conditions and 100 data elements is initialised, then 1,000
// direct-call events are fired (each matching 4 rules, whose conditions resolve data element
// tokens). Rounds alternate engines; the median of each is reported.
// The container assignment and the engine are served as two scripts (a Launch library is one
// file holding both) so that "init" is the engine's own start-up — parsing and running the
// engine over the container — and not the parse of the container text, which is the same
// bytes for both engines. Every round uses fresh URLs, so no compiled-code cache is reused.
// Run: npx tsx bench/runtime-engine.mjs [rounds]
import { chromium } from "@playwright/test";
import { launchOptions } from "../e2e/chromium.ts";
import { engineFile, toSource } from "../packages/runtime/test/differential.ts";

const ROUNDS = Number(process.argv[2] ?? 9);
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
async function measure(browser, engine, containerSource) {
  const page = await browser.newPage();
  const engineCode = engineFile(engine);
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
  const result = await page.evaluate(
    ({ events, identifiers }) => {
      const t = performance.now();
      for (let i = 0; i < events; i++)
        window.__bench[`id${i % identifiers}`].forEach((trigger) => trigger({}));
      return { init: window.__init, fire: performance.now() - t, count: window.__count };
    },
    { events: EVENTS, identifiers: IDENTIFIERS },
  );
  await page.close();
  // Each event matches RULES / IDENTIFIERS rules; all their conditions pass.
  const expected = (EVENTS * RULES) / IDENTIFIERS;
  if (result.count !== expected)
    throw new Error(`${engine}: ${result.count} actions ran, expected ${expected}`);
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch(launchOptions);
try {
  const container = `window._satellite=window._satellite||{};window._satellite.container=${toSource(benchContainer())};`;
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
  console.log(
    `\nratio liftoff / turbine (total): ${(l.total / t.total).toFixed(2)}  (median of ${ROUNDS} rounds each)`,
  );
} finally {
  await browser.close();
}
