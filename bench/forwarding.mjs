#!/usr/bin/env node
// Event forwarding under load (issue 40): the built `liftoff serve` on loopback, a local
// receiver in a process of its own (bench/server/forwardReceiver.mjs), an event forwarding
// property with one "Send HTTP request" action per event to it, and a web property whose
// development datastream is linked to that property's development environment, or unlinked.
//
// Per store (SQLite; PostgreSQL on a throwaway cluster, scripts/postgres.mjs), rounds that
// alternate unlinked and linked, each: autocannon at full speed for --seconds (events/s
// acknowledged, latency), then, linked, until every acknowledged event reached the receiver
// (delivery lag = the receiver's arrival time − the event's receivedAt, the edge's clock,
// same machine); then both again paced at --rate requests/s (the latency a page sees when the
// server is not saturated, and the lag when forwarding keeps up). Prints the ratio of events/s
// linked ÷ unlinked (goal ≥ 0.5), the p99 latency added (goal ≤ 5 ms) and delivery lag p99.
// --cluster: the same on two nodes sharing the PostgreSQL behind nginx (scripts/nginx.mjs,
// deploy/nginx/liftoff.conf, TLS). --kill: SIGKILL the server while deliveries are held in
// flight by the receiver, restart it on the same database, and count every acknowledged event
// delivered at least once and the duplicates against the deliveries claimed at the kill.
// Loopback only; every wait is bounded (--drain, --timeout).
// Usage: node scripts/build.mjs && node bench/forwarding.mjs [--db sqlite,postgres]
//   [--rounds 2] [--seconds 10] [--warmup 3] [--connections 20] [--events 1] [--rate 200]
//   [--cluster] [--kill sqlite,postgres] [--kill-after 3] [--hold-ms 300] [--drain 150]
//   [--timeout 1500] [--source]
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import pg from "pg";
import { startNginx } from "../scripts/nginx.mjs";
import { startPostgres } from "../scripts/postgres.mjs";
import { holdBenchLock } from "./benchLock.mjs";
import { alloyBody, root } from "./server/lib.mjs";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite,postgres" },
    rounds: { type: "string", default: "2" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "20" },
    events: { type: "string", default: "1" },
    rate: { type: "string", default: "40" },
    cluster: { type: "boolean", default: false },
    kill: { type: "string", default: "" },
    "kill-after": { type: "string", default: "3" },
    "hold-ms": { type: "string", default: "300" },
    drain: { type: "string", default: "150" },
    timeout: { type: "string", default: "1500" },
    // The server from its TypeScript sources (tsx) instead of apps/server/dist: for trying the
    // bench on a tree not built yet. Figures for RESULTS.md come from the build.
    source: { type: "boolean", default: false },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const EVENTS = Number(values.events);
const RATE = Number(values.rate);
const DRAIN_MS = Number(values.drain) * 1000;
const PASSWORD = "bench-admin-password";
const ORG_ID = "0123456789ABCDEF01234567@AdobeOrg";
const list = (text) => text.split(",").filter(Boolean);

// Every process this run starts, stopped on the way out whatever happens.
const cleanups = [];
const deadline = setTimeout(
  () => {
    console.error(`forwarding bench: stopped after --timeout ${values.timeout} s`);
    void stopAll().then(() => process.exit(1));
  },
  Number(values.timeout) * 1000,
);
async function stopAll() {
  for (const stop of cleanups.splice(0).reverse()) await stop().catch(() => undefined);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n, digits = 0) =>
  n === null || n === undefined
    ? "—"
    : Number(n).toLocaleString("en", { maximumFractionDigits: digits });

/** Spawns a node script and resolves on the first output line matching `pattern`. */
function startProcess(args, pattern, env = {}) {
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LIFTOFF_LOG_LEVEL: "warn", ...env },
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk) => {
      out += chunk;
      const match = pattern.exec(out);
      if (match) resolve({ child, match, output: () => out });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code, signal) =>
      reject(new Error(`${args[0]} exited ${code ?? signal}: ${out}`)),
    );
  });
}

const stopChild = (child, signal = "SIGTERM") =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill(signal);
  });

/**
 * How to run `liftoff`: the built command, or (--source) the CLI's sources under tsx, through
 * a runner file (the server's worker threads inherit the flags, which `-e` would break).
 */
function liftoffCommand() {
  if (!values.source) return [join(root, "apps/server/bin/liftoff.mjs")];
  const runner = join(mkdtempSync(join(tmpdir(), "liftoff-bench-fwd-cli-")), "liftoff.mjs");
  const cli = pathToFileURL(join(root, "apps/server/src/main/cli.ts")).href;
  writeFileSync(
    runner,
    `const { main } = await import(${JSON.stringify(cli)});\nprocess.exitCode = await main(process.argv.slice(2));\n`,
  );
  cleanups.push(async () => rmSync(dirname(runner), { recursive: true, force: true }));
  return ["--conditions=liftoff:source", "--import", "tsx", runner];
}
const LIFTOFF = liftoffCommand();

/** The built `liftoff serve` on loopback (port 0) with `db` and `data`. */
async function startNode({ db, data }) {
  const { child, match } = await startProcess(
    [
      ...LIFTOFF,
      ...["serve", "--port", "0", "--data", data, "--db", db, "--rate-limit", "0"],
      // After a kill, what the node held is sent again once its claims end: the shortest lease.
      ...["--forwarding-lease-seconds", "15"],
      ...["--trust-proxy", "127.0.0.1"],
    ],
    /listening on (http\S+)/,
    { LIFTOFF_ADMIN_PASSWORD: PASSWORD },
  );
  child.stdout.resume();
  child.stderr.resume();
  const node = { origin: match[1], address: new URL(match[1]).host, child };
  node.stop = () => stopChild(child);
  cleanups.push(node.stop);
  return node;
}

async function startReceiver() {
  const { child, match } = await startProcess(
    [join(root, "bench/server/forwardReceiver.mjs")],
    /receiver listening on (http\S+)/,
  );
  const origin = match[1];
  cleanups.push(() => stopChild(child));
  const get = async (path, init) => (await fetch(`${origin}${path}`, init)).json();
  return {
    origin,
    host: new URL(origin).host,
    stats: (since = 0) => get(`/__stats?since=${since}`),
    events: () => get("/__events"),
    hold: (ms) => get(`/__delay?ms=${ms}`, { method: "PUT" }),
    reset: () => get("/__reset", { method: "POST" }),
  };
}

/** Signs in as the admin; answers a JSON caller of the studio API. */
async function apiOf(origin) {
  const headers = { origin, "content-type": "application/json" };
  const session = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers,
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  if (!session.ok) throw new Error(`sign-in: ${session.status} ${await session.text()}`);
  const { csrfToken } = await session.json();
  const auth = {
    ...headers,
    cookie: session.headers.get("set-cookie").split(";")[0],
    "x-csrf-token": csrfToken,
  };
  return async (method, path, body) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** The forwarding property: one rule, every event, one "Send HTTP request" to `url`. */
function edgeDocument(url) {
  const path = (id, name, at) => ({
    id,
    name,
    modulePath: "core/src/lib/dataElements/path.js",
    settings: { path: at },
  });
  return {
    formatVersion: 1,
    company: { orgId: ORG_ID },
    property: { id: "PRbenchforwarding", name: "Forwarding bench", settings: { platform: "edge" } },
    environments: [
      { id: "ENbenchfwddevelopment", name: "Development", stage: "development" },
      { id: "ENbenchfwdstaging", name: "Staging", stage: "staging" },
      { id: "ENbenchfwdproduction", name: "Production", stage: "production" },
    ],
    extensions: [
      { name: "core", displayName: "Core (event forwarding)", settings: {} },
      { name: "http-connector", displayName: "HTTP Connector", settings: {} },
    ],
    dataElements: [
      path("DEbenchrequest", "request id", "arc.request.requestId"),
      path("DEbenchindex", "event index", "arc.event.index"),
      path("DEbenchreceived", "received at", "arc.request.receivedAt"),
    ],
    rules: [
      {
        id: "RLbenchsend",
        name: "Send every event",
        events: [
          {
            id: "RCbenchsend_e1",
            modulePath: "core/src/lib/events/eventReceived.js",
            settings: {},
          },
        ],
        conditions: [],
        actions: [
          {
            id: "RCbenchsend_a1",
            modulePath: "http-connector/src/lib/actions/sendHttpRequest.js",
            settings: {
              method: "POST",
              url,
              bodyType: "json",
              body: {
                requestId: "{{request id}}",
                index: "{{event index}}",
                receivedAt: "{{received at}}",
              },
              purpose: "none",
            },
          },
        ],
      },
    ],
  };
}

/**
 * A web property (its development datastream receives the load) and the forwarding property,
 * built to its development environment and allowed to send to the receiver.
 */
async function setUp(api, receiver) {
  const web = await api("POST", "/api/properties", {
    name: "Forwarding bench site",
    orgId: ORG_ID,
    domains: ["example.test"],
  });
  const webId = web.document.property.id;
  const { datastreams } = await api("GET", "/api/datastreams");
  const datastream = datastreams.find(
    (d) => d.propertyId === webId && d.stage === "development",
  ).id;
  const edge = edgeDocument(`${receiver.origin}/collect`);
  await api("POST", "/api/properties/import", edge);
  const edgeId = edge.property.id;
  const environmentId = edge.environments[0].id;
  const library = await api("POST", `/api/properties/${edgeId}/libraries`, {
    name: "bench",
    environmentId,
    addAllChanged: true,
  });
  await api("POST", `/api/properties/${edgeId}/libraries/${library.id}/build`);
  // The local receiver takes whatever comes: its allowance lifts the per-host defaults (50 a
  // second, 4 at once), so the lag measured is the queue's, not a vendor's rate limit.
  await api("PUT", `/api/properties/${edgeId}/forwarding/hosts`, {
    hosts: [{ host: receiver.host, allowPrivate: true, maxPerSecond: 10_000, maxConcurrent: 64 }],
  });
  return {
    datastream,
    link: (on) =>
      api(
        "PUT",
        `/api/datastreams/${datastream}/forwarding`,
        on ? { propertyId: edgeId, environmentId } : { propertyId: null },
      ),
  };
}

/**
 * Posts alloy-shaped requests (each with its own requestId) to the edge for `seconds`, at
 * full speed or at `rate` requests/s; `at` runs hooks at given times. Answers the requests
 * acknowledged (with their ids and times), the others, and autocannon's latency (ms).
 */
function drive(origin, configId, { seconds, rate, at = [] }) {
  const body = alloyBody(EVENTS);
  const acked = [];
  let failed = 0;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timers = at.map(({ ms, run }) => setTimeout(run, ms));
    const instance = autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        duration: seconds,
        ...(rate ? { overallRate: rate } : {}),
        tlsOptions: { rejectUnauthorized: false },
        requests: [
          {
            method: "POST",
            headers: { "content-type": "text/plain; charset=UTF-8" },
            body,
            setupRequest(request, context) {
              context.id = randomUUID();
              return {
                ...request,
                path: `/ee/v1/interact?configId=${encodeURIComponent(configId)}&requestId=${context.id}`,
              };
            },
            onResponse(status, _body, context) {
              if (status === 200) acked.push({ id: context.id, at: Date.now() });
              else failed++;
            },
          },
        ],
      },
      (error, result) => {
        timers.forEach(clearTimeout);
        if (error) return reject(error);
        resolve({
          started,
          acked,
          failed: failed + result.errors + result.timeouts,
          eventsPerS: (acked.length * EVENTS) / seconds,
          p50: result.latency.p50,
          p99: result.latency.p99,
        });
      },
    );
    instance.on("error", () => {});
  });
}

/**
 * Waits until the receiver holds every event acknowledged since its last reset (`expected`),
 * or DRAIN_MS; answers the time it took from `since` and the receiver's figures.
 */
async function drained(receiver, expected, since) {
  const until = Date.now() + DRAIN_MS;
  for (;;) {
    const stats = await receiver.stats(since);
    if (stats.events >= expected || Date.now() > until)
      return { ...stats, complete: stats.events >= expected, drainMs: Date.now() - since };
    await sleep(100);
  }
}

/** One store's rounds: throughput and latency unlinked vs linked, lag linked. */
async function measureStore(label, origin, setup, receiver) {
  const run = (opts) => drive(origin, setup.datastream, opts);
  // Warm both paths (V8, caches, the worker) before anything is measured.
  await setup.link(false);
  await run({ seconds: WARMUP });
  await setup.link(true);
  await receiver.reset();
  const warm = await run({ seconds: WARMUP });
  await drained(receiver, warm.acked.length * EVENTS, warm.started);
  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await setup.link(false);
    const bare = await run({ seconds: SECONDS });
    const barePaced = await run({ seconds: SECONDS, rate: RATE });
    await setup.link(true);
    await receiver.reset();
    const linked = await run({ seconds: SECONDS });
    const lag = await drained(receiver, linked.acked.length * EVENTS, linked.started);
    await receiver.reset();
    const linkedPaced = await run({ seconds: SECONDS, rate: RATE });
    const pacedLag = await drained(
      receiver,
      linkedPaced.acked.length * EVENTS,
      linkedPaced.started,
    );
    const row = { round, bare, barePaced, linked, lag, linkedPaced, pacedLag };
    rows.push(row);
    console.log(
      `${label} round ${round}: unlinked ${fmt(bare.eventsPerS)} events/s (p99 ${bare.p99} ms), ` +
        `linked ${fmt(linked.eventsPerS)} events/s (p99 ${linked.p99} ms), ratio ${(linked.eventsPerS / bare.eventsPerS).toFixed(2)}; ` +
        `delivered ${lag.events}/${linked.acked.length * EVENTS} in ${fmt(lag.drainMs / 1000, 1)} s, lag p50 ${fmt(lag.lag.p50)} ms p99 ${fmt(lag.lag.p99)} ms; ` +
        `paced ${RATE}/s: p99 unlinked ${barePaced.p99} ms, linked ${linkedPaced.p99} ms, lag p99 ${fmt(pacedLag.lag.p99)} ms ` +
        `(delivered ${pacedLag.events}/${linkedPaced.acked.length * EVENTS}); failed requests ${bare.failed + linked.failed + barePaced.failed + linkedPaced.failed}, duplicates ${lag.duplicates + pacedLag.duplicates}`,
    );
  }
  const m = (pick) => median(rows.map(pick));
  return {
    label,
    bare: m((r) => r.bare.eventsPerS),
    linked: m((r) => r.linked.eventsPerS),
    ratio: m((r) => r.linked.eventsPerS / r.bare.eventsPerS),
    p99Bare: m((r) => r.bare.p99),
    p99Linked: m((r) => r.linked.p99),
    p99PacedBare: m((r) => r.barePaced.p99),
    p99PacedLinked: m((r) => r.linkedPaced.p99),
    lagP99: m((r) => r.lag.lag.p99),
    drainS: m((r) => r.lag.drainMs / 1000),
    pacedLagP99: m((r) => r.pacedLag.lag.p99),
    complete: rows.every((r) => r.lag.complete && r.pacedLag.complete),
  };
}

/** A fresh database on the throwaway cluster. */
async function freshDatabase(url, name) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return url.replace(/\/[^/]*$/, `/${name}`);
}

/** Runs `sql` against the store the node used (SQLite file or PostgreSQL URL). */
async function query(db, data, sql, params = []) {
  if (db === "sqlite") {
    const file = new Database(join(data, "liftoff.db"));
    try {
      return file.prepare(sql.replace(/\$\d+/g, "?")).all(...params);
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * kill -9 while deliveries are in flight: the receiver holds each answer --hold-ms, the load
 * runs, the server is killed --kill-after s in, then started again on the same database.
 */
async function killRun(label, db, receiver) {
  const data = mkdtempSync(join(tmpdir(), "liftoff-bench-fwd-kill-"));
  let node = await startNode({ db, data });
  try {
    const setup = await setUp(await apiOf(node.origin), receiver);
    await setup.link(true);
    await receiver.reset();
    await receiver.hold(Number(values["hold-ms"]));
    let killedAt = 0;
    let heldAtKill = Promise.resolve(0);
    const killAfter = Number(values["kill-after"]) * 1000;
    const load = await drive(node.origin, setup.datastream, {
      seconds: Number(values["kill-after"]) + 2,
      at: [
        {
          ms: killAfter,
          run: () => {
            killedAt = Date.now();
            node.child.kill("SIGKILL");
            heldAtKill = receiver.stats().then((stats) => stats.held);
          },
        },
      ],
    });
    await stopChild(node.child, "SIGKILL");
    const atKill = await receiver.stats();
    // Claimed and not recorded when the process died: sent or about to be sent.
    const [claimed] = await query(
      db,
      data,
      "SELECT COUNT(*) AS n FROM forwarding_deliveries WHERE state = 'pending' AND locked_until > $1",
      [killedAt],
    );
    const [queued] = await query(
      db,
      data,
      "SELECT (SELECT COUNT(*) FROM forwarding_inbox) AS inbox, (SELECT COUNT(*) FROM forwarding_deliveries WHERE state = 'pending') AS pending",
    );
    await receiver.hold(0);
    const restartedAt = Date.now();
    node = await startNode({ db, data });
    const expected = load.acked.length * EVENTS;
    const wanted = new Set(
      load.acked.flatMap((a) => Array.from({ length: EVENTS }, (_, i) => `${a.id}:${i}`)),
    );
    const until = Date.now() + DRAIN_MS;
    let missing = [...wanted];
    while (missing.length > 0 && Date.now() < until) {
      await sleep(500);
      const got = new Set(await receiver.events());
      missing = missing.filter((key) => !got.has(key));
    }
    const after = await receiver.stats();
    const result = {
      label,
      acknowledged: expected,
      deliveredBeforeKill: atKill.events,
      heldAtKill: await heldAtKill,
      claimedAtKill: Number(claimed.n),
      queuedAtKill: { inbox: Number(queued.inbox), pending: Number(queued.pending) },
      missing: missing.length,
      duplicates: after.duplicates,
      received: after.received,
      recoverS: (Date.now() - restartedAt) / 1000,
    };
    console.log(
      `${label} kill -9: ${fmt(expected)} events acknowledged, ${fmt(atKill.events)} delivered before the kill, ` +
        `${result.claimedAtKill} deliveries claimed (in flight) at the kill (${result.heldAtKill} held by the receiver), ` +
        `queue at the kill: inbox ${result.queuedAtKill.inbox} requests, ${result.queuedAtKill.pending} pending deliveries; ` +
        `after restart: ${missing.length} acknowledged events never delivered, ${after.duplicates} re-sent (duplicates), ` +
        `all delivered ${fmt(result.recoverS, 1)} s after the restart — ${missing.length === 0 && after.duplicates <= result.claimedAtKill ? "met" : "NOT met"}`,
    );
    return result;
  } finally {
    await node.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

await holdBenchLock();
const summaries = [];
const kills = [];
let postgres;
try {
  const receiver = await startReceiver();
  const stores = list(values.db);
  const needsPostgres =
    stores.includes("postgres") || values.cluster || list(values.kill).includes("postgres");
  if (needsPostgres) {
    postgres = await startPostgres();
    cleanups.push(async () => postgres.stop());
  }
  console.log(
    `forwarding: ${EVENTS} event(s)/request, ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${SECONDS} s per run, ${ROUNDS} rounds, paced runs at ${RATE} requests/s; receiver ${receiver.origin}`,
  );
  for (const store of stores) {
    const data = mkdtempSync(join(tmpdir(), "liftoff-bench-fwd-"));
    const db =
      store === "sqlite" ? "sqlite" : await freshDatabase(postgres.url, "bench_forwarding");
    const node = await startNode({ db, data });
    try {
      const setup = await setUp(await apiOf(node.origin), receiver);
      summaries.push(await measureStore(store, node.origin, setup, receiver));
    } finally {
      await node.stop();
      rmSync(data, { recursive: true, force: true });
    }
  }
  if (values.cluster) {
    const db = await freshDatabase(postgres.url, "bench_forwarding_cluster");
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), "liftoff-bench-fwd-node-")));
    // One node migrates first; the second starts on the migrated schema.
    const first = await startNode({ db, data: dirs[0] });
    const second = await startNode({ db, data: dirs[1] });
    const nginx = await startNginx([first.address, second.address]);
    cleanups.push(() => nginx.stop());
    try {
      const setup = await setUp(await apiOf(first.origin), receiver);
      summaries.push(
        await measureStore("2 nodes behind nginx (PostgreSQL)", nginx.origin, setup, receiver),
      );
    } finally {
      await nginx.stop();
      await Promise.all([first.stop(), second.stop()]);
      dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
    }
  }
  for (const store of list(values.kill)) {
    const db =
      store === "sqlite" ? "sqlite" : await freshDatabase(postgres.url, "bench_forwarding_kill");
    kills.push(await killRun(store, db, receiver));
  }
  if (summaries.length > 0) {
    console.log(
      "\n| store | events/s unlinked | events/s linked | ratio (goal ≥ 0.5) | p99 ms unlinked / linked, full speed | p99 ms unlinked / linked, paced | added p99 ms, paced (goal ≤ 5) | delivery lag p99 at full speed (backlog drained in) | delivery lag p99, paced |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const s of summaries)
      console.log(
        `| ${s.label} | ${fmt(s.bare)} | ${fmt(s.linked)} | **${s.ratio.toFixed(2)}** | ${s.p99Bare} / ${s.p99Linked} | ${s.p99PacedBare} / ${s.p99PacedLinked} | **${fmt(s.p99PacedLinked - s.p99PacedBare, 1)}** | ${fmt(s.lagP99)} ms (${fmt(s.drainS, 1)} s) | ${fmt(s.pacedLagP99)} ms |${s.complete ? "" : " NOT every event delivered within --drain"}`,
      );
  }
  if (kills.length > 0) {
    console.log(
      "\n| store | acknowledged | in flight at the kill (claimed) | never delivered | re-sent | all delivered after restart |",
    );
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const k of kills)
      console.log(
        `| ${k.label} | ${fmt(k.acknowledged)} | ${k.claimedAtKill} | **${k.missing}** | **${k.duplicates}** | ${fmt(k.recoverS, 1)} s |`,
      );
  }
} finally {
  clearTimeout(deadline);
  await stopAll();
}
