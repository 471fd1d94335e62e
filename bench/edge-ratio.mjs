#!/usr/bin/env node
// Requests/s of our `POST /ee/v1/interact` (validated, stored in SQLite, answered with the
// identity handles) divided by a bare node:http server that only parses the JSON and answers
// 204, measured side by side in alternating rounds on the same core. Goal (issue 7): ≥ 0.5.
// Each round also measures the same bare server storing each body in SQLite before it
// answers (WAL, one row per request, no index), and prints our ratio to that as well: a
// reference that, like the edge, may only acknowledge what it has stored (bench/RESULTS.md).
// `--action identity/acquire` measures the same path without storage (parse, validate, ECID,
// handles), which separates the cost of the write from the rest of the edge.
// Every round checks that each acknowledged event was stored. `--profile <dir>` adds one
// more (unscored) run of our server under the same load with `node --cpu-prof`: CPU µs per
// request of each thread, and self time by function of each thread's profile.
// Usage: node bench/edge-ratio.mjs [--rounds 3] [--seconds 5] [--connections 50] [--events 10]
//        [--action interact|identity/acquire] [--warmup 5] [--server-cores 0,1] [--client-core 1]
//        [--bundle apps/server/dist/other.mjs] [--profile <dir>] [--top 15]
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { alloyBody, DS, load, median, root, startPinned } from "./server/lib.mjs";
import { machineLoad, placeProcesses, startServer } from "./edge-placement.mjs";
import { cpuPerRequest, monotonicMicros, printProfiles, threadCpu } from "./server/profile.mjs";
import { holdBenchLock } from "./benchLock.mjs";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    // V8 needs a few seconds of load before the server's hot code is optimised.
    warmup: { type: "string", default: "5" },
    // Core placement (taskset; LIFTOFF_BENCH_PIN=0 leaves everything unpinned): the server
    // process (all its threads) on --server-cores, this process (autocannon) on --client-core.
    "server-cores": { type: "string", default: "0,1" },
    "client-core": { type: "string", default: "1" },
    // Another build of the server to measure instead of apps/server/dist/liftoff.mjs.
    bundle: { type: "string" },
    events: { type: "string", default: "10" },
    action: { type: "string", default: "interact" },
    profile: { type: "string" },
    top: { type: "string", default: "15" },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const events = Number(values.events);
const body = alloyBody(events);
const stores = values.action === "interact";
if (!["interact", "identity/acquire"].includes(values.action))
  throw new Error(`--action: expected interact or identity/acquire, got ${values.action}`);
const place = placeProcesses(values["server-cores"], values["client-core"]);

await holdBenchLock();
console.log(
  `edge ratio (/ee/v1/${values.action}): ${values.events} events/request (${body.length} B), ${connections} connections, ` +
    `${seconds} s per side x ${rounds} rounds, ${place.text} (both servers alike)`,
);
const ratios = [];
const storingRatios = [];
for (let r = 1; r <= rounds; r++) {
  const base = await runBare(false);
  const storing = await runBare(true);
  const edge = await runOurs();
  const ratio = edge.rps / base.rps;
  ratios.push(ratio);
  storingRatios.push(edge.rps / storing.rps);
  console.log(
    `round ${r}: bare ${Math.round(base.rps)} req/s (p99 ${base.p99} ms), ` +
      `bare + SQLite ${Math.round(storing.rps)} req/s (p99 ${storing.p99} ms), ` +
      `liftoff ${Math.round(edge.rps)} req/s (p99 ${edge.p99} ms, non-2xx ${edge.non2xx}), ` +
      `ratio ${ratio.toFixed(2)} (to bare + SQLite ${(edge.rps / storing.rps).toFixed(2)}), ${edge.stored}; ` +
      `CPU µs/request (server + load generator): bare ${base.cpu.totalUs} + ${base.clientUs}, ` +
      `bare + SQLite ${storing.cpu.totalUs} + ${storing.clientUs}, ` +
      `liftoff ${edge.cpu.totalUs} + ${edge.clientUs}; ${machineLoad()}`,
  );
}
const m = median(ratios);
console.log(`median ratio: ${m.toFixed(2)} (goal ≥ 0.5: ${m >= 0.5 ? "met" : "NOT met"})`);
console.log(
  `median ratio to the bare server that stores each body in SQLite: ${median(storingRatios).toFixed(2)}`,
);
if (values.profile) await profileOurs(values.profile);

/**
 * One warm-up and one measured load of the bare server, parsing only or also storing each
 * body in a fresh SQLite file; throws when the storing one acknowledged a body it lacks.
 */
async function runBare(storing) {
  const data = mkdtempSync(join(tmpdir(), "liftoff-bare-"));
  const file = join(data, "bare.db");
  const bare = await startPinned(
    place.serverCores,
    [join(root, "bench/server/bareServer.mjs"), ...(storing ? [file] : [])],
    /listening on (http\S+)/,
  );
  const url = `${bare.origin}/ee/v1/interact`;
  const warm = await load(url, body, { seconds: Number(values.warmup), connections });
  const result = await measure(bare.child.pid, () => load(url, body, { seconds, connections }));
  await bare.stop();
  if (storing) {
    const db = new Database(file, { readonly: true });
    const rows = db.prepare("SELECT COUNT(*) AS n FROM bodies").get().n;
    db.close();
    if (rows < warm.ok + result.ok)
      throw new Error(`bare + SQLite acknowledged ${warm.ok + result.ok} bodies, stored ${rows}`);
  }
  rmSync(data, { recursive: true, force: true });
  return result;
}

/** Runs a load and adds the CPU it cost per 2xx request: the server's threads and this process. */
async function measure(pid, run) {
  const before = threadCpu(pid);
  const client = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(client);
  const cpu = cpuPerRequest(pid, before, threadCpu(pid), result.ok);
  return { ...result, cpu, clientUs: Math.round((used.user + used.system) / result.ok) };
}

/**
 * One warm-up and one measured load of our server in a fresh data directory; `onMeasure`
 * sees the server before and after the measured load. Throws when an acknowledged event is
 * missing from the database.
 */
async function runOurs(nodeFlags = [], onMeasure = () => undefined) {
  const data = mkdtempSync(join(tmpdir(), "liftoff-ratio-"));
  const ours = await startServer(data, place.serverCores, values.bundle, nodeFlags);
  const url = `${ours.origin}/ee/v1/${values.action}?configId=${DS}`;
  const origin = ours.pageOrigin;
  const warm = await load(url, body, { seconds: Number(values.warmup), connections, origin });
  onMeasure("start");
  const edge = await measure(ours.child.pid, () =>
    load(url, body, { seconds, connections, origin }),
  );
  onMeasure("end");
  await ours.stop();
  const acknowledged = stores ? (warm.ok + edge.ok) * events : 0;
  const db = new Database(join(data, "liftoff.db"), { readonly: true });
  const rows = db.prepare("SELECT COUNT(*) AS n FROM events").get().n;
  db.close();
  rmSync(data, { recursive: true, force: true });
  if (rows < acknowledged)
    throw new Error(`${acknowledged} events acknowledged but only ${rows} stored`);
  return { ...edge, stored: `${rows} of ${acknowledged} acknowledged events stored` };
}

/** The profiled run: CPU per request of every thread, then each thread's profile. */
async function profileOurs(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const window = { from: 0, to: 0 };
  const edge = await runOurs(["--cpu-prof", "--cpu-prof-dir", dir], (when) => {
    window[when === "start" ? "from" : "to"] = monotonicMicros();
  });
  const { cpu } = edge;
  console.log(
    `\nprofiled run (node --cpu-prof, ${dir}): ${Math.round(edge.rps)} req/s, ` +
      `CPU per request ${cpu.totalUs} µs: ` +
      cpu.threads.map((t) => `${t.name} ${t.us} µs`).join(", ") +
      `; load generator ${edge.clientUs} µs` +
      `; ${machineLoad()}`,
  );
  printProfiles(dir, window, Number(values.top));
}
