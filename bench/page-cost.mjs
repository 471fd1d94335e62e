#!/usr/bin/env -S npx tsx
// Page cost of the pc-marketing container: main-thread scripting time the library adds to
// the demo home page in Chromium (CDP Performance.getMetrics ScriptDuration, read after the
// window load and the page view's edge round trip), median of N loads, minus the median of
// the same page without a library. Beside it, the same container on turbine 28.1.0
// (@adobe/reactor-turbine dist/engine.min.js) with the real @adobe/alloy 2.26.0 from npm
// behind the Web SDK extension's instance manager, and a "floor": a few lines of plain
// JavaScript making the same requests, cookie writes, storage reads and script tags as the
// container, which is what the browser charges for that work on this machine whatever
// code asks for it. A row for the server-side variant of the property
// (createServerSideProperty: the ad pixel, marketing-automation and insight tags left off the
// page, their calls sent by the server's event forwarding) shows what the page saves, as a
// share of the floor; a table of each page's requests and bytes goes with it.
// Loads alternate between the pages; every first visit is a fresh
// browser context (no cache, no cookies). Chromium is driven over the DevTools pipe with
// only Page and Performance enabled (bench/cdpPipe.mjs says why not Playwright).
// Run: npx tsx bench/page-cost.mjs [loads] [--breakdown] [--floor-parts] [--profile] [--trace]
// [--cpu] [--tasks] [--variants file.json] [--phases] (default 10 loads)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { createDemoServer } from "../apps/demo-site/src/index.ts";
import createApp from "../apps/server/src/main/createApp.ts";
import {
  demoDatastreams,
  putDemoDatastreams,
} from "../apps/server/src/features/demo/demoDatastreams.ts";
import ensureCertificate from "../apps/server/src/main/ensureCertificate.ts";
import { buildLibrary } from "../packages/builder/src/index.ts";
import { COMPILE_HINT } from "../packages/builder/src/buildLibrary.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { repoRoot } from "../e2e/startServer.ts";
import {
  createPropertyDocument,
  createServerSideProperty,
  ENVIRONMENTS,
} from "../properties/pc-marketing/src/index.ts";
import { launchCdp, openPage } from "./cdpPipe.mjs";
import { launchBuild } from "./launchBuild.mjs";
import { holdBenchLock } from "./benchLock.mjs";
import { parents, PSEUDO_FRAMES, samples } from "./cpuProfile.mjs";
import { phaseProbe, probedParts } from "./phaseProbe.mjs";

const LOADS = Number(process.argv[2] ?? 10);
// --profile: also print where the Liftoff page's scripting time goes on first and repeat
// visits (CPU profiles by part of the library).
const PROFILE = process.argv.includes("--profile");
// --breakdown: also the engine alone, + Web SDK, + identity (no rules, no data elements), to
// show what each part costs before any rule runs.
const BREAKDOWN = process.argv.includes("--breakdown");
// --floor-parts: also each part of the floor on its own, to show where the floor goes, and
// the floor reading its cookies back after writing them (see floorScript).
const FLOOR_PARTS = process.argv.includes("--floor-parts");
// --trace: also the V8 work on each page's main thread that its scripts do not run
// themselves — lazy parsing and compiling, and source positions collected — from Chromium
// traces of first visits with no DevTools session attached to the page.
const TRACE = process.argv.includes("--trace");
// --tasks: also where the main thread's CPU time goes on the Liftoff and floor pages (and the
// --breakdown pages), by task — the library's run, each timer and callback, named by the
// part of the library it called — from traces of first and repeat visits.
const TASKS = process.argv.includes("--tasks");
// --cpu: also every visit again in a fresh context with the durations in the main thread's
// CPU time (Performance.enable timeDomain "threadTicks"), which leaves out the time the
// thread waited: descheduled while Chromium's other processes and the servers ran on this
// 2-core machine, or blocked in a synchronous call to the browser process (storage, a cookie
// read after a write). What is left is the CPU the pages' scripts used.
const CPU = process.argv.includes("--cpu");
// --variants file.json: measure changed copies of the Liftoff library against it, for a quick
// ablation or a change tried before it is made in the source. The file maps a variant's name
// to its text replacements, `{"name": [["find", "replace"], …]}`; each find must occur once
// in the built library (the minified text, so a file fits the commit it was written at).
// The rows are then the bare page, the library, the library again (the two rows differ only
// by noise), each variant and the floor, in main-thread CPU time only (see --cpu).
const VARIANTS_FILE = process.argv.includes("--variants")
  ? process.argv[process.argv.indexOf("--variants") + 1]
  : undefined;
if (VARIANTS_FILE && (BREAKDOWN || FLOOR_PARTS || PROFILE || TRACE || TASKS || CPU))
  throw new Error("--variants runs alone: its rows are the library, its variants and the floor");
// --phases: where a repeat visit's main-thread CPU goes in the parts the Liftoff and the
// turbine + alloy libraries share — the same Core and identity modules, the same container —
// and so what is left for the parts that differ (the engine and the Web SDK's instance
// manager). Traced repeat visits of the three pages, and of copies of the two libraries with
// a probe (phaseProbe.mjs) that marks each module's run and each call of a module's export with
// console.timeStamp; the thread timestamps of the marks give each part's CPU time. Runs alone:
// no ScriptDuration table.
const PHASES = process.argv.includes("--phases");
if (PHASES && (VARIANTS_FILE || BREAKDOWN || FLOOR_PARTS || PROFILE || TRACE || TASKS || CPU))
  throw new Error("--phases runs alone: its rows are Liftoff, turbine + alloy and the floor");
const TIME_DOMAINS = VARIANTS_FILE
  ? ["threadTicks"]
  : CPU
    ? ["timeTicks", "threadTicks"]
    : ["timeTicks"];
const FLOOR = {
  storage: "floor part: debug-flag storage reads and a first cookie read",
  id: "floor part: the /id call and its cookies",
  interact: "floor part: the interact call and its cookies",
  tags: "floor part: the five vendor and hosted script tags (and the vendor scripts)",
};
const PARTS = {
  engine: ["core"],
  sdk: ["core", "web-sdk"],
  identity: ["core", "web-sdk", "identity"],
};
const EDGE_HOST = "edge.example.test";
// After the window load, how long a visit waits for the page view's answer to be handled.
const SETTLE_MS = 1500;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
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

/**
 * For a built library's code, `(line, column) => part` (0-based): the module whose script
 * holds that position, by its path, "container data" for the rules and data elements, or
 * "runtime engine" after the container line. Undefined for other code (the floor's).
 */
function libraryParts(code) {
  const lines = code.split("\n");
  const containerLine = lines.findIndex((l) => l.includes("window._satellite.container="));
  if (containerLine < 0) return undefined;
  const marks = [[0, "container data"]];
  for (const m of lines[containerLine].matchAll(/"([a-z-]+\/src\/lib\/[A-Za-z/]+\.js)":\{/g))
    marks.push([m.index, m[1]]);
  return (line, column) => {
    if (line > containerLine) return "runtime engine";
    let name = "?";
    for (const [at, mark] of marks) if (at <= column) name = mark;
    return name;
  };
}

/**
 * Where one page's scripting time goes (--profile): CPU profiles of first visits, each
 * sample charged to the deepest frame in the library and that frame to the part of the
 * library it sits in (a module by its path, the container's data, or the engine), so a
 * native call (a cookie read, appendChild) counts for the code that made it. Prints the
 * parts and the costliest frames, in ms per load (sampling inflates the totals).
 */
async function profileByPart(cdp, url, code, libraryPath, loads, repeatVisit) {
  const lines = code.split("\n");
  const partAt = libraryParts(code);
  const parts = new Map();
  const frames = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (let round = 0; round < loads; round++) {
    const page = await openPage(cdp, ["Page", "Profiler"]);
    if (repeatVisit) {
      await page.goto(url);
      await sleep(SETTLE_MS);
    }
    await page.send("Profiler.setSamplingInterval", { interval: 100 });
    await page.send("Profiler.start");
    await page.goto(url);
    await sleep(SETTLE_MS);
    const { profile } = await page.send("Profiler.stop");
    await page.close();
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = parents(profile);
    for (const { node, us } of samples(profile)) {
      const ms = us / 1000;
      const leaf = node.callFrame;
      if (PSEUDO_FRAMES.has(leaf.functionName)) continue;
      let owner = `outside the library: ${leaf.functionName || "(anonymous)"}`;
      for (let n = node.id; n !== undefined; n = parent.get(n)) {
        const f = nodes.get(n).callFrame;
        if (f.url.endsWith(libraryPath)) {
          owner = partAt(f.lineNumber, f.columnNumber);
          const native = leaf.url ? "" : ` → ${leaf.functionName}`;
          const text = (lines[f.lineNumber] ?? "").slice(f.columnNumber, f.columnNumber + 60);
          add(frames, `${owner}${native} | ${text}`, ms);
          break;
        }
        if (f.url) {
          owner = `script ${new URL(f.url).pathname}`;
          break;
        }
      }
      add(parts, owner, ms);
    }
  }
  const print = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .forEach(([key, ms]) => console.log(`${(ms / loads).toFixed(2).padStart(7)} ms  ${key}`));
  console.log(
    `\nprofile of ${loads} ${repeatVisit ? "repeat" : "first"} visits (ms per load, sampled):`,
  );
  print(parts, 20);
  console.log("costliest frames:");
  print(frames, 25);
}

// Trace events of V8 compiling on the main thread (nested ones are counted once, in the
// outermost), and the re-parse V8 makes to find a function's source positions.
const COMPILE_EVENTS = new Set([
  "V8.CompileCode",
  "V8.CompileLazy",
  "V8.CompileScript",
  "V8.CompileIgnition",
  "V8.ParseFunction",
  "V8.ParseProgram",
  "V8.PreParse",
]);
const SOURCE_POSITIONS = "V8.CollectSourcePositions";
// How long an unattached visit is traced: the page cannot report its load event, so the
// trace must show it (MarkLoad), and the page view's answer is given SETTLE_MS after it.
const TRACE_MS = 1500 + SETTLE_MS;

/**
 * Traces the browser while `visit()` starts a visit of `url` and for TRACE_MS after it;
 * answers the complete events of the main thread of the renderer that ran `script`, in
 * order (an outer event before the events nested in it).
 */
async function traceMainThread(cdp, url, script, visit) {
  const events = [];
  const off = cdp.on((message) => {
    if (message.method === "Tracing.dataCollected") events.push(...message.params.value);
  });
  await cdp.send("Tracing.start", {
    traceConfig: {
      includedCategories: ["devtools.timeline", "v8", "disabled-by-default-v8.compile"],
    },
    transferMode: "ReportEvents",
  });
  await visit();
  await sleep(TRACE_MS);
  const complete = cdp.once("Tracing.tracingComplete");
  await cdp.send("Tracing.end");
  await complete;
  off();
  const pid = events.find((e) => e.name === "v8.run" && e.args?.fileName?.endsWith(script))?.pid;
  if (pid === undefined) throw new Error(`trace: ${script} did not run on ${url}`);
  if (!events.some((e) => e.pid === pid && e.name === "MarkLoad"))
    throw new Error(`trace: ${url} did not load within ${TRACE_MS - SETTLE_MS} ms`);
  const mainThread = events.find(
    (e) => e.pid === pid && e.name === "thread_name" && e.args.name === "CrRendererMain",
  )?.tid;
  if (mainThread === undefined) throw new Error(`trace: no main thread named for ${url}`);
  return events
    .filter(
      (e) => e.pid === pid && e.tid === mainThread && (e.ph === "X" || e.name === "TimeStamp"),
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/** The events of an ordered list (traceMainThread's) not nested in an earlier one. */
function* outermost(events) {
  let outerEnd = -Infinity;
  for (const e of events) {
    if (e.ts < outerEnd) continue;
    outerEnd = e.ts + e.dur;
    yield e;
  }
}

/**
 * One first visit of `url` traced browser-wide, with no DevTools session on the page:
 * the ms and count of main-thread compiling and source-position collection in the renderer
 * that ran `script`. An attached session with the Network domain would make V8 collect
 * source positions for every request a script starts (its initiator stack), a cost no
 * visitor pays; without one, what is left is what Chromium asks for itself (for instance
 * the location of each function that reads document.cookie, for DevTools' issues).
 */
async function traceVisit(cdp, url, script) {
  const { browserContextId } = await cdp.send("Target.createBrowserContext", {
    disposeOnDetach: true,
  });
  const onMain = await traceMainThread(cdp, url, script, () =>
    cdp.send("Target.createTarget", { url, browserContextId }),
  );
  await cdp.send("Target.disposeBrowserContext", { browserContextId });
  const timed = onMain.filter((e) => COMPILE_EVENTS.has(e.name) || e.name === SOURCE_POSITIONS);
  const result = { compileMs: 0, compiles: 0, positionsMs: 0, positions: 0 };
  for (const e of outermost(timed)) {
    if (e.name === SOURCE_POSITIONS) {
      result.positionsMs += e.dur / 1000;
      result.positions++;
    } else {
      result.compileMs += e.dur / 1000;
      result.compiles++;
    }
  }
  return result;
}

// Main-thread trace events that run a page's script, or compile it; the outermost of them
// in each task is where that task's scripting CPU went (--tasks).
const SCRIPT_EVENTS = new Set([
  "EvaluateScript",
  "FunctionCall",
  "TimerFire",
  "v8.callFunction",
  "V8.CollectSourcePositions",
  ...COMPILE_EVENTS,
]);
const TASK_KINDS = {
  EvaluateScript: "script run",
  TimerFire: "timer",
  "v8.callFunction": "callback",
  FunctionCall: "call",
  "V8.CollectSourcePositions": "source positions",
};

/**
 * One visit of `url` traced browser-wide with no DevTools session on the page (traceVisit
 * says why), in a fresh context; for a repeat visit the page is loaded first, untraced, and
 * the traced visit navigates the same tab, as the ScriptDuration loads do. Answers the main
 * thread's CPU time (trace events' thread durations) in ms by task: each outermost script
 * event, named by its kind and by `site(url, line, column)` (0-based) of the function it
 * called, or of the script it ran.
 */
async function traceTasks(cdp, url, script, repeatVisit, site) {
  const onMain = await traceUnattached(cdp, url, script, repeatVisit);
  // Trace positions are 1-based.
  const where = ({ url, lineNumber = 1, columnNumber = 1 }) =>
    url ? `: ${site(url, lineNumber - 1, columnNumber - 1)}` : "";
  const tasks = new Map();
  for (const e of outermost(onMain.filter((x) => SCRIPT_EVENTS.has(x.name)))) {
    const call =
      e.name === "FunctionCall"
        ? e
        : onMain.find((x) => x.name === "FunctionCall" && x.ts >= e.ts && x.ts < e.ts + e.dur);
    const kind = TASK_KINDS[e.name] ?? "V8 compiling";
    const key =
      e.name === "EvaluateScript"
        ? `${kind}: ${new URL(e.args.data.url).pathname}`
        : `${kind}${call ? where(call.args.data) : ""}`;
    tasks.set(key, (tasks.get(key) ?? 0) + (e.tdur ?? e.dur) / 1000);
  }
  return tasks;
}

/**
 * The main thread's events (traceMainThread) of one visit of `url` in a fresh context, with
 * no DevTools session on the page (traceVisit says why); for a repeat visit the page is
 * loaded first, untraced, and the traced visit navigates the same tab, as the ScriptDuration
 * loads do.
 */
async function traceUnattached(cdp, url, script, repeatVisit) {
  const { browserContextId } = await cdp.send("Target.createBrowserContext", {
    disposeOnDetach: true,
  });
  const { targetId } = await cdp.send("Target.createTarget", {
    url: repeatVisit ? url : "about:blank",
    browserContextId,
  });
  if (repeatVisit) await sleep(TRACE_MS);
  // Attached only to navigate: no domain is enabled on the page.
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
  const onMain = await traceMainThread(cdp, url, script, () =>
    cdp.send("Page.navigate", { url }, sessionId),
  );
  await cdp.send("Target.disposeBrowserContext", { browserContextId });
  return onMain;
}

/** The main thread's CPU time in a visit's script tasks, ms (the sum --tasks prints). */
const scriptTaskMs = (onMain) => {
  let ms = 0;
  for (const e of outermost(onMain.filter((x) => SCRIPT_EVENTS.has(x.name))))
    ms += (e.tdur ?? e.dur) / 1000;
  return ms;
};

/**
 * --tasks: where the main thread's CPU goes on first and repeat visits of each page, mean ms
 * per load by task (see traceTasks), a library's calls named by the part they sit in.
 */
async function printTasks(cdp, pages, libraries, loads) {
  const parts = new Map();
  const site = (url, line, column) => {
    const path = new URL(url).pathname;
    if (!parts.has(path)) parts.set(path, libraries[path] && libraryParts(libraries[path]));
    const partAt = parts.get(path);
    return partAt ? `${path} ${partAt(line, column)}` : `${path}:${line + 1}`;
  };
  for (const repeatVisit of [false, true]) {
    const totals = pages.map(() => new Map());
    for (let round = 0; round < loads; round++)
      for (const [i, { url, script }] of pages.entries())
        for (const [key, ms] of await traceTasks(cdp, url, script, repeatVisit, site))
          totals[i].set(key, (totals[i].get(key) ?? 0) + ms / loads);
    for (const [i, { label }] of pages.entries()) {
      const rows = [...totals[i]].sort((a, b) => b[1] - a[1]);
      const sum = rows.reduce((total, [, ms]) => total + ms, 0);
      console.log(
        `\n${label}, ${repeatVisit ? "repeat" : "first"} visits: ${sum.toFixed(2)} ms of main-thread CPU in script tasks (traced, mean of ${loads})`,
      );
      for (const [key, ms] of rows)
        if (ms >= 0.01) console.log(`${ms.toFixed(2).padStart(7)}  ${key}`);
    }
  }
}

/** A copy of a library with phaseProbe run first (after the compile hint, if it has one). */
function withPhaseProbe(code) {
  const probe = `(${phaseProbe.toString()})();\n`;
  return code.startsWith(COMPILE_HINT)
    ? COMPILE_HINT + probe + code.slice(COMPILE_HINT.length)
    : probe + code;
}

/**
 * --phases: traced repeat visits, pages alternating: Liftoff, turbine + alloy and the floor
 * (their script tasks' CPU), and the two probed copies (their parts). Prints the means, the
 * parts both libraries run (Core, identity, the container literal: the smaller of the two
 * figures, so the shared cost is not overstated), and what that leaves the engine and the Web
 * SDK — the parts that differ — against the same floor.
 */
async function printPhases(cdp, pages, loads, edgeCalls) {
  const totals = { liftoff: 0, turbine: 0, floor: 0 };
  const parts = { liftoff: new Map(), turbine: new Map() };
  const answered = Object.fromEntries(Object.keys(pages).map((name) => [name, 0]));
  for (let round = 0; round < loads; round++)
    for (const [name, { url, script }] of Object.entries(pages)) {
      const before = edgeCalls.count;
      const onMain = await traceUnattached(cdp, url, script, true);
      answered[name] += edgeCalls.count - before;
      if (name in totals) totals[name] += scriptTaskMs(onMain) / loads;
      else {
        const row = parts[name.replace("Probe", "")];
        for (const [part, ms] of probedParts(onMain))
          row.set(part, (row.get(part) ?? 0) + ms / loads);
      }
    }
  // Each traced repeat visit follows an untraced first visit: two page views answered.
  const silent = Object.keys(answered).filter((name) => answered[name] !== 2 * loads);
  if (silent.length)
    console.log(`NOT COMPARABLE: pages without an answered interact call per visit: ${silent}`);
  const { liftoff: L, turbine: T, floor: F } = totals;
  console.log(
    `\nrepeat visits, main-thread CPU in script tasks (traced, mean of ${loads}): Liftoff ${L.toFixed(2)} ms, turbine + alloy ${T.toFixed(2)}, floor ${F.toFixed(2)}; above the floor ${(L - F).toFixed(2)} and ${(T - F).toFixed(2)}, share ${((L - F) / (T - F)).toFixed(2)}`,
  );
  const paths = [...new Set([...parts.liftoff.keys(), ...parts.turbine.keys()])];
  const sharedPath = (p) => p === "container" || /^(core|identity)\//.test(p);
  console.log("| part (ms per repeat visit) | Liftoff | turbine + alloy | counted as shared |");
  console.log("|---|---:|---:|---:|");
  let shared = 0;
  for (const path of paths.sort()) {
    const a = parts.liftoff.get(path) ?? 0;
    const b = parts.turbine.get(path) ?? 0;
    const counted = sharedPath(path) ? Math.max(0, Math.min(a, b)) : 0;
    shared += counted;
    console.log(
      `| ${path} | ${a.toFixed(3)} | ${b.toFixed(3)} | ${sharedPath(path) ? counted.toFixed(3) : "–"} |`,
    );
  }
  console.log(`| **shared, C** | | | **${shared.toFixed(2)}** |`);
  console.log(
    `With an engine and a Web SDK that cost nothing, Liftoff's share would be C ÷ (turbine + alloy above the floor) = ${(shared / (T - F)).toFixed(2)}; the parts that differ: Liftoff ${(L - F - shared).toFixed(2)} ms, turbine + alloy ${(T - F - shared).toFixed(2)} ms, ratio ${((L - F - shared) / (T - F - shared)).toFixed(2)}.`,
  );
}

/** --trace: medians over `loads` traced first visits of each page. */
async function printTraces(cdp, pages, loads) {
  console.log(
    `\nmain-thread V8 work outside the pages' own code, medians of ${loads} traced first visits (no DevTools session on the page):`,
  );
  console.log("| page | parse and compile ms | compiles | source positions ms | functions |");
  console.log("|---|---:|---:|---:|---:|");
  for (const { label, url, script } of pages) {
    const visits = [];
    for (let i = 0; i < loads; i++) visits.push(await traceVisit(cdp, url, script));
    const m = (key) => median(visits.map((v) => v[key]));
    console.log(
      `| ${label} | ${m("compileMs").toFixed(2)} | ${m("compiles")} | ${m("positionsMs").toFixed(2)} | ${m("positions")} |`,
    );
  }
}

/**
 * The floor row's script, in parts: one first visit of the Liftoff page is watched (Network
 * domain, not measured), and its requests — the /id and interact calls with their bodies,
 * the vendor and hosted script tags — and the cookies it left are replayed by a few lines of
 * plain JavaScript at the same moments (load of the library, DOM ready, window load; the
 * library tag is async, so either may have passed), with the two debug-flag storage reads
 * the engine and the SDK make and a first cookie read. /id goes out only on a visit without
 * an AMCV cookie, as Visitor calls it. Vendor scripts load and run as for the container.
 * What this costs is the browser's price for the work itself.
 *
 * Answers the parts for `readBack`: with it, the /id and interact parts also read the
 * cookies once after they write them, as the Web SDK must (and alloy does): its request
 * reads the state cookies after Visitor's ECID has arrived and been written to AMCV, and it
 * reads its answer's identity cookie back to check the cookie was kept. A read after a
 * write waits for the browser process; the plain floor never makes one.
 */
async function floorScript(cdp, url) {
  const page = await openPage(cdp, ["Page", "Network"]);
  const requests = [];
  const off = cdp.on((message) => {
    if (message.sessionId === page.sessionId && message.method === "Network.requestWillBeSent")
      requests.push({ ...message.params.request, type: message.params.type });
  });
  await page.goto(url);
  await sleep(SETTLE_MS);
  off();
  const { cookies } = await page.send("Network.getCookies");
  await page.close();
  const find = (pattern) => requests.find((r) => pattern.test(r.url));
  const id = find(/\/id\?/);
  const interact = find(/\/ee\/.*interact/);
  if (!id || !interact) throw new Error("floor: the Liftoff page made no /id or interact call");
  const tags = requests.filter((r) => r.type === "Script" && /\/vendor\//.test(r.url));
  const write = (names, readBack) =>
    cookies
      .filter((c) => names.test(c.name))
      .map(
        (c) =>
          `document.cookie=${JSON.stringify(`${c.name}=${c.value}; path=/; max-age=34128000`)};`,
      )
      .join("") + (readBack ? "void document.cookie;" : "");
  return (readBack) => {
    const amcv = write(/^AMCV/, readBack);
    return {
      storage: `try{localStorage.getItem("com.adobe.reactor.debug")}catch(e){}
try{sessionStorage.getItem("com.adobe.alloy.instance.alloy.debug")}catch(e){}
var jar=document.cookie;`,
      // Visitor calls /id when it has no ECID (or not today), so on first visits only; it
      // writes its AMCV cookies on every page.
      id: `if(/(?:^|; )AMCV_/.test(document.cookie)){${amcv}}else fetch(${JSON.stringify(id.url)}).then(function(r){return r.json()}).then(function(){${amcv}});`,
      interact: `function ready(f){document.readyState==="loading"?document.addEventListener("DOMContentLoaded",f):f()}
ready(function(){fetch(${JSON.stringify(interact.url)}.replace(/requestId=[^&]*/,"requestId="+crypto.randomUUID()),{method:"POST",body:${JSON.stringify(interact.postData ?? "")}}).then(function(r){return r.json()}).then(function(){${write(/^kndctr/, readBack)}})});`,
      tags: `function loaded(f){document.readyState==="complete"?f():addEventListener("load",f)}
loaded(function(){${JSON.stringify(tags.map((t) => t.url))}.forEach(function(src){var s=document.createElement("script");s.async=true;s.src=src;document.head.appendChild(s)})});`,
    };
  };
}

/**
 * The --variants libraries: for each name in the file, `code` with its replacements made.
 * Throws, naming the variant and the text, when a find does not occur exactly once.
 */
function variantLibraries(code, file) {
  const variants = JSON.parse(readFileSync(file, "utf8"));
  const libraries = {};
  for (const [name, replacements] of Object.entries(variants)) {
    let changed = code;
    for (const [find, replace] of replacements) {
      const count = changed.split(find).length - 1;
      if (count !== 1)
        throw new Error(`--variants ${name}: ${JSON.stringify(find)} occurs ${count} times`);
      changed = changed.replace(find, () => replace);
    }
    libraries[`variant: ${name}`] = changed;
  }
  return libraries;
}

/**
 * The requests a page makes on a first and then a repeat visit (a fresh context with the
 * Network domain on, apart from the timed visits, which run without it), each with the bytes
 * received for it (encoded, headers included), after the window load and SETTLE_MS.
 */
async function pageRequests(cdp, url) {
  const page = await openPage(cdp, ["Page", "Network"]);
  const visits = [];
  for (let visit = 0; visit < 2; visit++) {
    const seen = new Map();
    const off = cdp.on(({ sessionId, method, params }) => {
      if (sessionId !== page.sessionId) return;
      if (method === "Network.requestWillBeSent")
        seen.set(params.requestId, { url: params.request.url, bytes: 0 });
      if (method === "Network.loadingFinished" && seen.has(params.requestId))
        seen.get(params.requestId).bytes = params.encodedDataLength;
    });
    await page.goto(url);
    await sleep(SETTLE_MS);
    off();
    visits.push([...seen.values()]);
  }
  await page.close();
  return visits;
}

// The vendor tags' own requests (their scripts and collect calls on the stand-ins), apart
// from the hosted rule scripts, which are the site's.
const VENDOR_TAG = /\/vendor\/(pixel|mat|insight)\//;

/** Requests and bytes of the bare page, the two libraries and the floor, with the libraries' sizes. */
async function printRequests(cdp, pages, libraries) {
  console.log(
    "\nrequests and bytes received per visit (the page, its library, edge, identity, scripts and their calls)",
  );
  console.log(
    "| page | library, gzip -9 B | first visit: requests (to the vendor tags) | KB received | repeat visit: requests (to the vendor tags) | KB received |",
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const { label, url, file } of pages) {
    const [first, repeat] = await pageRequests(cdp, url);
    const cell = (list) =>
      `${list.length} (${list.filter((r) => VENDOR_TAG.test(r.url)).length}) | ${(list.reduce((sum, r) => sum + r.bytes, 0) / 1024).toFixed(1)}`;
    const size = file ? gzipSync(libraries[file], { level: 9 }).length.toLocaleString("en") : "–";
    console.log(`| ${label} | ${size} | ${cell(first)} | ${cell(repeat)} |`);
  }
}

/** A library file running some parts of the floor script. */
const floorFile = (parts, names) => `(function(){${names.map((n) => parts[n]).join("\n")}})();`;

/** One table of medians: ScriptDuration in `timeDomain`, each page less the bare page. */
function printTable(first, repeat, sent, idCalls, timeDomain) {
  const base = median(first.none);
  const repeatBase = median(repeat.none);
  const row = (name, label) => {
    if (!(name in first)) return undefined;
    const a = median(first[name]);
    const b = median(repeat[name]);
    return `| ${label} | ${a.toFixed(1)} | **${(a - base).toFixed(1)}** | ${b.toFixed(1)} | **${(b - repeatBase).toFixed(1)}** | ${sent[name]}/${2 * LOADS} | ${idCalls[name].first} + ${idCalls[name].repeat} |`;
  };
  const clock = timeDomain === "threadTicks" ? "main-thread CPU time" : "wall-clock time";
  console.log(`\nloads per page: ${LOADS}; medians in ms of CDP ScriptDuration (${clock})`);
  console.log(
    "| page | first visit ms | added ms | repeat visit ms | added ms | edge interact calls | /id calls, first + repeat visits |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| demo home, no library | ${base.toFixed(1)} | – | ${repeatBase.toFixed(1)} | – | – | – |`,
  );
  const rows = [
    row("liftoff", "pc-marketing on Liftoff (runtime + Core + web SDK + identity)"),
    row("again", "the same library again (differs from the row above only by noise)"),
    ...Object.keys(first)
      .filter((name) => name.startsWith("variant: "))
      .map((name) => row(name, name)),
    row("serverSide", "pc-marketing, server-side variant (three vendor tags sent by the server)"),
    row("minimal", "Liftoff, data layer and page view rules only"),
    row("turbine", "same container on turbine 28.1.0 + real @adobe/alloy 2.26.0"),
    row("turbineHint", "the same turbine + alloy library with the compile hint"),
    row("floor", "floor: the container's requests, cookies, storage reads and tags in plain JS"),
    row("engine", "breakdown: engine + Core, no rules or data elements"),
    row("sdk", "breakdown: + Web SDK extension (instance configured)"),
    row("identity", "breakdown: + identity extension (Visitor, /id)"),
    ...Object.entries(FLOOR).map(([name, label]) => row(name, label)),
    row("readBack", "floor variant: the cookies read back after the /id and interact writes"),
  ];
  for (const line of rows) if (line) console.log(line);
  const above = (visits) => median(visits.liftoff) - median(visits.floor);
  const spread = (list) => {
    const sorted = [...list].sort((x, y) => x - y);
    const at = (q) => sorted[Math.round(q * (sorted.length - 1))];
    return `${at(0.25).toFixed(1)}–${at(0.75).toFixed(1)}`;
  };
  const ratio = first.turbine
    ? `; Liftoff ÷ turbine + alloy, first visit ${(median(first.liftoff) / median(first.turbine)).toFixed(2)}`
    : "";
  console.log(
    `Above the floor: first visit ${above(first).toFixed(1)} ms, repeat visit ${above(repeat).toFixed(1)} ms${ratio}; quartiles of single first visits: Liftoff ${spread(first.liftoff)}, floor ${spread(first.floor)}; of single repeat visits: Liftoff ${spread(repeat.liftoff)}, floor ${spread(repeat.floor)}.`,
  );
  // Milliseconds above the floor scale with the machine's speed (a machine half as fast
  // doubles them); a share of what turbine + alloy add above the same floor in the same run
  // does not, so it is the figure to compare across machines and runs.
  if (first.turbine) {
    const share = (visits) =>
      (above(visits) / (median(visits.turbine) - median(visits.floor))).toFixed(2);
    console.log(
      `Above the floor ÷ turbine + alloy above the floor (same run, independent of the machine's speed): first visit ${share(first)}, repeat visit ${share(repeat)}.`,
    );
  }
  // The server-side variant against the floor of the full container (which still makes the
  // three vendor tags' requests): below 1, the page costs less than any code doing the
  // container's work could.
  if (first.serverSide) {
    const added = (visits, name) => median(visits[name]) - median(visits.none);
    const share = (visits) => (added(visits, "serverSide") / added(visits, "floor")).toFixed(2);
    console.log(
      `Server-side variant ÷ floor (each less the bare page): first visit ${share(first)}, repeat visit ${share(repeat)}; ÷ pc-marketing on Liftoff: first visit ${(added(first, "serverSide") / added(first, "liftoff")).toFixed(2)}, repeat visit ${(added(repeat, "serverSide") / added(repeat, "liftoff")).toFixed(2)}.`,
    );
  }
  const raw = (list) => list.map((v) => v.toFixed(1)).join(" ");
  for (const name of Object.keys(first))
    console.log(`raw ${name}: first ${raw(first[name])}; repeat ${raw(repeat[name])}`);
}

async function main() {
  await holdBenchLock();
  const dir = mkdtempSync(join(tmpdir(), "liftoff-page-cost-"));
  // One edge over HTTPS (the real alloy only speaks https) and over http (ours, edgeOrigin).
  const https = createApp({ https: ensureCertificate(dir), rateLimitPerSecond: 0 });
  const edge = createApp({ rateLimitPerSecond: 0 });
  // Interact calls answered with success, counted by the servers (the pages are not
  // instrumented): every page view must have reached an edge for a load to be fair.
  const edgeCalls = { count: 0, id: 0 };
  for (const app of [https, edge])
    app.addHook("onResponse", async (request, reply) => {
      if (/\/ee\/.*v1\/interact/.test(request.url) && reply.statusCode < 300) edgeCalls.count++;
      if (/^\/id\?/.test(request.url)) edgeCalls.id++;
    });
  await https.listen({ port: 0, host: "127.0.0.1" });
  const httpsPort = https.server.address().port;
  await edge.listen({ port: 0, host: "127.0.0.1" });
  const edgeOrigin = `http://127.0.0.1:${edge.server.address().port}`;

  // The vendor tags load from local stand-ins on an origin of their own (a demo server's
  // /vendor), as they load from the vendors' hosts in production: the scripts arrive and
  // run, and their collect calls go out, on every page below.
  const vendors = createDemoServer();
  const vendor = `http://127.0.0.1:${await listen(vendors)}/vendor`;
  const environmentId = ENVIRONMENTS.production;
  const doc = createPropertyDocument({
    edgeOrigin,
    identityServer: edgeOrigin.replace("http://", ""),
    adPixelHost: vendor,
    marketingAutomationHost: vendor,
    insightHost: vendor,
    hostedScriptsBase: `${vendor}/hosted`,
  });
  // The same property with only the data layer and page view rules: what the engine, the
  // SDK and identity cost before the property's other rules.
  const minimal = {
    ...doc,
    rules: doc.rules.filter((r) => ["Data Layer", "All Pages - Page View"].includes(r.name)),
  };
  // The server-side variant: the same property without the three vendor tags, which its event
  // forwarding property sends from the server (after the edge answered: nothing on the page).
  const serverSideDoc = createServerSideProperty({
    edgeOrigin,
    identityServer: edgeOrigin.replace("http://", ""),
    hostedScriptsBase: `${vendor}/hosted`,
  });
  const libraries = {
    "/liftoff.js": (await buildLibrary(doc, { environmentId })).code,
    "/server-side.js": (await buildLibrary(serverSideDoc, { environmentId })).code,
    "/minimal.js": (await buildLibrary(minimal, { environmentId })).code,
    "/turbine.js": await launchBuild(doc, {
      environmentId,
      engine: readFileSync(require.resolve("@adobe/reactor-turbine/dist/engine.min.js"), "utf8"),
      replaceModules: { "web-sdk/src/lib/instanceManager.js": await alloyInstanceManager() },
    }),
  };
  // A Launch build carries no compile hint; this row shows what the hint alone would give it.
  libraries["/turbine-hint.js"] = COMPILE_HINT + libraries["/turbine.js"];
  if (BREAKDOWN)
    for (const [name, extensions] of Object.entries(PARTS)) {
      const part = {
        ...doc,
        rules: [],
        dataElements: [],
        extensions: doc.extensions.filter((e) => extensions.includes(e.name)),
      };
      libraries[`/${name}.js`] = (await buildLibrary(part, { environmentId })).code;
    }
  const files = createServer((req, res) => {
    const body = libraries[req.url ?? ""];
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/javascript" }).end(body);
  });
  const filesOrigin = `http://127.0.0.1:${await listen(files)}`;
  // Each page's library file, by the page's name; the bare page has none.
  const libraryFiles = {};
  if (PHASES) {
    libraries["/liftoff-probe.js"] = withPhaseProbe(libraries["/liftoff.js"]);
    libraries["/turbine-probe.js"] = withPhaseProbe(libraries["/turbine.js"]);
    Object.assign(libraryFiles, {
      liftoff: "liftoff",
      turbine: "turbine",
      floor: "floor",
      liftoffProbe: "liftoff-probe",
      turbineProbe: "turbine-probe",
    });
  } else if (VARIANTS_FILE) {
    libraryFiles.liftoff = "liftoff";
    libraryFiles.again = "liftoff";
    const variants = variantLibraries(libraries["/liftoff.js"], VARIANTS_FILE);
    for (const [i, [name, code]] of Object.entries(variants).entries()) {
      libraries[`/variant-${i}.js`] = code;
      libraryFiles[name] = `variant-${i}`;
    }
    libraryFiles.floor = "floor";
  } else {
    Object.assign(libraryFiles, {
      liftoff: "liftoff",
      serverSide: "server-side",
      minimal: "minimal",
      turbine: "turbine",
      turbineHint: "turbine-hint",
      floor: "floor",
    });
    const extra = [
      ...(BREAKDOWN ? Object.keys(PARTS) : []),
      ...(FLOOR_PARTS ? [...Object.keys(FLOOR), "readBack"] : []),
    ];
    for (const name of extra) libraryFiles[name] = name;
  }
  const sites = { none: createDemoServer() };
  for (const [name, file] of Object.entries(libraryFiles))
    sites[name] = createDemoServer({ libraryUrl: `${filesOrigin}/${file}.js` });
  const origins = {};
  for (const [name, site] of Object.entries(sites))
    origins[name] = `http://127.0.0.1:${await listen(site)}/`;
  // The server starts closed: its datastreams accept the pages' origins, as the demo's do.
  const pageOrigins = Object.values(origins).map((url) => url.slice(0, -1));
  for (const app of [https, edge])
    await putDemoDatastreams(app.store.datastreams, demoDatastreams(doc, pageOrigins));

  const cdp = launchCdp({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      "--ignore-certificate-errors",
      `--host-resolver-rules=MAP ${EDGE_HOST} 127.0.0.1:${httpsPort}`,
    ],
  });
  const floorParts = await floorScript(cdp, origins.liftoff);
  const floor = floorParts(false);
  libraries["/floor.js"] = floorFile(floor, Object.keys(FLOOR));
  if (FLOOR_PARTS) {
    for (const name of Object.keys(FLOOR)) libraries[`/${name}.js`] = floorFile(floor, [name]);
    libraries["/readBack.js"] = floorFile(floorParts(true), Object.keys(FLOOR));
  }
  // First visit: a fresh context (no cookies, storage never touched). Repeat visit: the
  // same page loaded again in that context (ECID cookie set, storage initialised); the
  // metrics start again with the new document.
  const perPage = () => Object.fromEntries(Object.keys(sites).map((name) => [name, []]));
  // Durations by time domain, then page.
  const firstVisits = Object.fromEntries(TIME_DOMAINS.map((domain) => [domain, perPage()]));
  const repeatVisits = Object.fromEntries(TIME_DOMAINS.map((domain) => [domain, perPage()]));
  const sent = Object.fromEntries(Object.keys(sites).map((name) => [name, 0]));
  // Visitor's /id calls, by visit: the floor makes them when Visitor does (first visits).
  const idCalls = Object.fromEntries(
    Object.keys(sites).map((name) => [name, { first: 0, repeat: 0 }]),
  );
  const visit = async (page, url) => {
    await page.goto(url);
    // The page view goes out at DOM ready; give its answer time to be handled.
    await sleep(SETTLE_MS);
    const { metrics } = await page.send("Performance.getMetrics");
    return metrics.find((m) => m.name === "ScriptDuration").value * 1000;
  };
  for (let round = 0; round < (PHASES ? 0 : LOADS + 1); round++) {
    for (const name of Object.keys(sites)) {
      for (const timeDomain of TIME_DOMAINS) {
        const page = await openPage(cdp, ["Page"]);
        await page.send("Performance.enable", { timeDomain });
        const before = { ...edgeCalls };
        const first = await visit(page, origins[name]);
        const idAfterFirst = edgeCalls.id;
        const again = await visit(page, origins[name]);
        // Round 0 warms the server and the OS caches; it is not counted.
        if (round > 0) {
          firstVisits[timeDomain][name].push(first);
          repeatVisits[timeDomain][name].push(again);
          if (timeDomain === TIME_DOMAINS[0]) {
            sent[name] += edgeCalls.count - before.count;
            idCalls[name].first += idAfterFirst - before.id;
            idCalls[name].repeat += edgeCalls.id - idAfterFirst;
          }
        }
        await page.close();
      }
    }
  }
  if (PROFILE)
    for (const repeatVisit of [false, true])
      await profileByPart(
        cdp,
        origins.liftoff,
        libraries["/liftoff.js"],
        "/liftoff.js",
        LOADS,
        repeatVisit,
      );
  if (TRACE)
    await printTraces(
      cdp,
      [
        { label: "pc-marketing on Liftoff", url: origins.liftoff, script: "/liftoff.js" },
        { label: "turbine + alloy", url: origins.turbine, script: "/turbine.js" },
        {
          label: "turbine + alloy, compile hint",
          url: origins.turbineHint,
          script: "/turbine-hint.js",
        },
        { label: "floor", url: origins.floor, script: "/floor.js" },
      ],
      LOADS,
    );
  if (PHASES)
    await printPhases(
      cdp,
      Object.fromEntries(
        Object.entries(libraryFiles).map(([name, file]) => [
          name,
          { url: origins[name], script: `/${file}.js` },
        ]),
      ),
      LOADS,
      edgeCalls,
    );
  if (TASKS)
    await printTasks(
      cdp,
      ["liftoff", "floor", ...(BREAKDOWN ? Object.keys(PARTS) : [])].map((name) => ({
        label: name,
        url: origins[name],
        script: `/${name}.js`,
      })),
      libraries,
      LOADS,
    );
  if (!PHASES && !VARIANTS_FILE)
    await printRequests(
      cdp,
      [
        { label: "demo home, no library", url: origins.none },
        { label: "pc-marketing on Liftoff", url: origins.liftoff, file: "/liftoff.js" },
        { label: "server-side variant", url: origins.serverSide, file: "/server-side.js" },
        { label: "floor", url: origins.floor, file: "/floor.js" },
      ],
      libraries,
    );
  await cdp.close();
  if (!PHASES)
    for (const timeDomain of TIME_DOMAINS)
      printTable(firstVisits[timeDomain], repeatVisits[timeDomain], sent, idCalls, timeDomain);
  // A page whose page view never reached an edge skipped work a visitor's page does.
  const silent = [
    "liftoff",
    "serverSide",
    "minimal",
    "turbine",
    "turbineHint",
    "again",
    "floor",
    "interact",
    "readBack",
  ].filter((name) => name in sent && sent[name] !== 2 * LOADS);
  if (silent.length && !PHASES)
    console.log(`NOT COMPARABLE: rows without an answered interact call per visit: ${silent}`);
  for (const site of [...Object.values(sites), vendors]) site.close();
  files.close();
  await edge.close();
  await https.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
