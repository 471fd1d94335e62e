#!/usr/bin/env node
// Preview panel latency: the built `liftoff serve --demo` on loopback with a fresh SQLite data
// dir. Signs in as the admin, starts a preview of pc-marketing's working state on the demo
// site's home page, watches the session's stream (`GET /api/previews/:id/stream`, Server-Sent
// Events) from this process with the admin's cookie, and opens the preview link in Chromium,
// then reloads it: --views page views in all. Each time it waits for the page view's rule
// records, then for --settle ms without a new record of that page view.
// A record's latency is its arrival on the watcher's stream minus the moment the page recorded
// it (the page record's `startedAt`, the tab's performance.timeOrigin, plus the record's `at`):
// the same machine's clock on both sides, both rounded to the millisecond. It includes the
// preview build's batching (records go out within 50 ms of the first queued one), the beacon,
// the server's checks and the stream (per batch, the part after the flush is printed apart).
// Also prints the time from the page's `load` to the last record of its page view arriving,
// the preview build's response time (first request: built on the server; later reloads: its
// cached build) and its gzip -9 size beside the published production library the page embeds.
// Every wait is bounded by --timeout; everything it starts is stopped at the end.
// Run: node scripts/build.mjs && npx tsx bench/previewLatency.mjs [--views 30] [--settle 500]
//      [--timeout 60]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { launchOptions } from "../e2e/chromium.ts";
import { root, serveArgs, signIn } from "./server/lib.mjs";
import { holdBenchLock } from "./benchLock.mjs";

await holdBenchLock();

const { values } = parseArgs({
  options: {
    views: { type: "string", default: "30" },
    settle: { type: "string", default: "500" },
    timeout: { type: "string", default: "60" },
  },
});
const count = (name, min, max) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name}: expected an integer from ${min} to ${max}, got ${values[name]}`);
  return n;
};
const VIEWS = count("views", 1, 1000);
const SETTLE_MS = count("settle", 50, 10_000);
const TIMEOUT_MS = count("timeout", 5, 600) * 1000;
const PASSWORD = "preview-bench-password-1";
const PID = "PRpcmarketing";
const PREVIEW_SCRIPT = /\/preview-[0-9a-f]{32}\.js$/;
// The preview build sends its queued records this long after the first (createTraceSender.ts).
const FLUSH_MS = 50;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Wall-clock milliseconds with a fraction (the watcher's side of a latency). */
const now = () => performance.timeOrigin + performance.now();

/** Fails with a clear message when `promise` has not settled within --timeout. */
async function within(promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: nothing after ${TIMEOUT_MS / 1000} s; stopping`)),
      TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(condition, what) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!condition()) {
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${TIMEOUT_MS / 1000} s; stopping`);
    await sleep(5);
  }
}

function startServer(data) {
  const child = spawn(
    process.execPath,
    [join(root, "apps/server/bin/liftoff.mjs"), ...serveArgs(data)],
    {
      env: { ...process.env, LIFTOFF_ADMIN_PASSWORD: PASSWORD, LIFTOFF_LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
  };
  const started = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      out += chunk;
      const match = /listening on (http\S+)/.exec(out);
      if (match) resolve(match[1]);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
  return { child, stop, started: within(started, "the server's start") };
}

/**
 * The session's stream, parsed as it arrives: every trace record with the moment its
 * message was read, grouped by page view.
 */
function watch(origin, id, cookie) {
  const views = new Map();
  const state = { sessions: 0, messages: 0, closed: false };
  let buffer = "";
  let req;
  const onMessage = (message, arrived) => {
    const lines = message.split("\n");
    const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
    const data = lines
      .filter((l) => l.startsWith("data: "))
      .map((l) => l.slice(6))
      .join("\n");
    if (event === "session") state.sessions++;
    if (event !== "traces") return;
    // One traces message per report the server took: the records of one batch of the page.
    const batch = state.messages++;
    for (const record of JSON.parse(data)) {
      const view = views.get(record.pageId) ?? { page: undefined, records: [] };
      views.set(record.pageId, view);
      if (record.type === "page") view.page = record;
      view.records.push({ record, arrived, batch });
    }
  };
  const ready = new Promise((resolve, reject) => {
    req = request(`${origin}/api/previews/${id}/stream`, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        const arrived = now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          onMessage(buffer.slice(0, end), arrived);
          buffer = buffer.slice(end + 2);
        }
        if (state.sessions > 0) resolve();
      });
      res.on("close", () => (state.closed = true));
    });
    req.on("error", (error) => (state.closed ? undefined : reject(error)));
    req.end();
  });
  return { views, state, ready: within(ready, "the preview stream"), close: () => req.destroy() };
}

/** The page view whose page record says it started at `startedAt` (the tab's timeOrigin). */
const viewStartedAt = (views, startedAt) =>
  [...views.values()].find((v) => v.page?.startedAt === startedAt);

/**
 * One page view: loads (or reloads) the tab, waits for its rule records (at least `rules`),
 * then until no record of it has arrived for --settle ms. Answers its records as they were
 * then (a record sent when the next reload hides the page belongs to no figure) and the
 * preview build's response timing.
 */
async function pageView(tab, watcher, open, rules) {
  const script = tab.waitForResponse((r) => PREVIEW_SCRIPT.test(r.url()));
  // Closing the browser after a failed load rejects it too; the failure is reported once.
  script.catch(() => {});
  await within(open(), "the page's load");
  const response = await within(script, "the preview build's response");
  await within(response.finished(), "the preview build's body");
  const timing = response.request().timing();
  const { startedAt, loadAt } = await tab.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation");
    return {
      startedAt: Math.round(performance.timeOrigin),
      loadAt: performance.timeOrigin + navigation.loadEventStart,
    };
  });
  const ruleCount = () =>
    viewStartedAt(watcher.views, startedAt)?.records.filter((r) => r.record.type === "rule")
      .length ?? 0;
  await until(() => ruleCount() >= rules, `the rule records of page view ${startedAt}`);
  const view = viewStartedAt(watcher.views, startedAt);
  let seen = -1;
  while (seen !== view.records.length) {
    seen = view.records.length;
    await sleep(SETTLE_MS);
  }
  return {
    status: response.status(),
    url: response.url(),
    timing,
    page: view.page,
    loadAt,
    records: [...view.records],
  };
}

/**
 * Latencies of one page view: first rule record, every record, load → last arrival, and for
 * each batch the time from its flush timer's due moment (its first record + FLUSH_MS) to its
 * arrival: the beacon, the server and the stream without the batching.
 */
function latencies(view) {
  const recorded = (r) => view.page.startedAt + r.record.at;
  const each = view.records.map((r) => r.arrived - recorded(r));
  const batches = new Map();
  for (const r of view.records) batches.set(r.batch, [...(batches.get(r.batch) ?? []), r]);
  const afterFlush = [...batches.values()].map(
    (records) => records[0].arrived - Math.min(...records.map(recorded)) - FLUSH_MS,
  );
  const firstRule = view.records
    .filter((r) => r.record.type === "rule")
    .sort((a, b) => a.record.seq - b.record.seq)[0];
  const lastArrival = Math.max(...view.records.map((r) => r.arrived));
  return {
    each,
    afterFlush,
    firstRule: firstRule.arrived - recorded(firstRule),
    loadToLast: lastArrival - view.loadAt,
  };
}

function gzipSize(bytes) {
  const gzip = spawnSync("gzip", ["-9", "-c", "-n"], { input: bytes, maxBuffer: 64 * 2 ** 20 });
  if (gzip.status !== 0) throw new Error(`gzip: ${gzip.stderr}`);
  return gzip.stdout.length;
}

async function bodyOf(url) {
  const res = await within(fetch(url), `GET ${url}`);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

function stats(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

function table(rows) {
  const head = ["figure", "n", "median ms", "p95 ms", "max ms"];
  const lines = rows.map(([name, s]) => [
    name,
    String(s.n),
    ...[s.median, s.p95, s.max].map((x) => x.toFixed(1)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [row(head), ...lines.map(row)].join("\n");
}

async function run(server, cleanup) {
  const origin = await server.started;
  const { cookie, api } = await signIn(origin, "admin", PASSWORD);
  const { datastreams } = await api("GET", "/api/datastreams");
  const demoOrigin = datastreams[0].allowedOrigins[0];
  const session = await api("POST", `/api/properties/${PID}/previews`, {
    url: `${demoOrigin}/`,
  });
  const watcher = watch(origin, session.id, cookie);
  cleanup.push(watcher.close);
  await watcher.ready;

  const browser = await within(chromium.launch(launchOptions), "Chromium's start");
  cleanup.push(() => browser.close());
  const tab = await browser.newPage();
  let libraryUrl;
  tab.on("response", (r) => {
    if (/\/libs\/[^/]+\/[^/]+\/launch[^/]*\.js$/.test(r.url())) libraryUrl ??= r.url();
  });

  const views = [];
  // The first view finds how many rule records a view of this page makes; later views wait
  // for as many.
  views.push(await pageView(tab, watcher, () => tab.goto(session.link, { waitUntil: "load" }), 1));
  const rules = views[0].records.filter((r) => r.record.type === "rule").length;
  while (views.length < VIEWS)
    views.push(await pageView(tab, watcher, () => tab.reload({ waitUntil: "load" }), rules));
  if (watcher.state.closed) throw new Error("the preview stream closed during the run");
  for (const [i, v] of views.entries())
    if (v.status !== 200 || v.page.environment.stage !== "development")
      throw new Error(`page view ${i + 1}: preview build ${v.status}, ${v.page.environment.stage}`);

  const previewBytes = await bodyOf(views[0].url);
  if (!libraryUrl) throw new Error("the page loaded no published library");
  const productionBytes = await bodyOf(libraryUrl);
  await api("DELETE", `/api/previews/${session.id}`);
  return { demoOrigin, views, rules, previewBytes, productionBytes, libraryUrl };
}

function report(r) {
  const per = r.views.map(latencies);
  const answer = (t) => t.responseStart - t.requestStart;
  const [first, ...reloads] = r.views.map((v) => v.timing);
  const types = new Map();
  for (const v of r.views)
    for (const { record } of v.records) types.set(record.type, (types.get(record.type) ?? 0) + 1);
  const kinds = [...types].map(([type, n]) => `${n} ${type}`).join(", ");
  const rows = [
    ["first rule record of each page view", stats(per.map((p) => p.firstRule))],
    ["every record", stats(per.flatMap((p) => p.each))],
    ["page load → last record of the view arrives", stats(per.map((p) => p.loadToLast))],
    [
      `batch: flush due (first record + ${FLUSH_MS} ms) → arrival`,
      stats(per.flatMap((p) => p.afterFlush)),
    ],
    ["preview build, first request: to first byte", stats([answer(first)])],
    ["preview build, first request: whole response", stats([first.responseEnd])],
  ];
  if (reloads.length)
    rows.push(
      ["preview build, reloads (cached): to first byte", stats(reloads.map(answer))],
      ["preview build, reloads (cached): whole response", stats(reloads.map((t) => t.responseEnd))],
    );
  const preview = gzipSize(r.previewBytes);
  const production = gzipSize(r.productionBytes);
  console.log(
    [
      `preview of ${PID} (working state) on ${r.demoOrigin}/: ${r.views.length} page views,` +
        ` ${r.rules} rule records each; records: ${kinds}`,
      "",
      table(rows),
      "",
      `preview build ${r.previewBytes.length.toLocaleString("en")} B,` +
        ` gzip -9 ${preview.toLocaleString("en")} B; published production library` +
        ` ${r.productionBytes.length.toLocaleString("en")} B, gzip -9` +
        ` ${production.toLocaleString("en")} B (+${(preview - production).toLocaleString("en")} B,` +
        ` ×${(preview / production).toFixed(2)})`,
      `load average: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
    ].join("\n"),
  );
}

const data = mkdtempSync(join(tmpdir(), "liftoff-preview-bench-"));
const server = startServer(data);
const cleanup = [];
// The last resort if stopping itself hangs: kill the server and leave.
const guard = (ms) =>
  setTimeout(() => {
    console.error("preview latency bench: could not stop in time; killing the server");
    server.child.kill("SIGKILL");
    rmSync(data, { recursive: true, force: true });
    process.exit(1);
  }, ms);
let failed = false;
try {
  report(await run(server, cleanup));
} catch (error) {
  failed = true;
  console.error(`preview latency bench: ${error.message}`);
} finally {
  const timer = guard(30_000);
  for (const stop of cleanup.reverse()) await Promise.resolve(stop()).catch(() => {});
  await server.stop();
  rmSync(data, { recursive: true, force: true });
  clearTimeout(timer);
}
if (failed) process.exitCode = 1;
