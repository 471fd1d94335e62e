#!/usr/bin/env node
// Sustained ingest into SQLite through the real edge: `POST /ee/v1/interact` with 10
// alloy-shaped events per request, against the built `liftoff serve` on loopback.
// Bar (issue 7): ≥ 40,000 events/s with p99 ≤ 50 ms on the 2-core machine.
// Usage: node bench/edge-ingest.mjs [--rounds 3] [--seconds 10] [--connections 50] [--warmup 5]
//        [--server-cores 0,1] [--client-core 1] [--bundle apps/server/dist/other.mjs]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { machineLoad, placeProcesses, startServer } from "./edge-placement.mjs";
import { alloyBody, DS, load, median } from "./server/lib.mjs";
import { holdBenchLock } from "./benchLock.mjs";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    // V8 needs a few seconds of load before the server's hot code is optimised.
    warmup: { type: "string", default: "5" },
    // Core placement (taskset; LIFTOFF_BENCH_PIN=0 leaves everything unpinned): the server
    // process (all its threads) on --server-cores, this process (autocannon) on --client-core.
    "server-cores": { type: "string", default: "0,1" },
    "client-core": { type: "string", default: "1" },
    // Another build of the server to measure instead of apps/server/dist/liftoff.mjs.
    bundle: { type: "string" },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const EVENTS = 10;
const body = alloyBody(EVENTS);
const place = placeProcesses(values["server-cores"], values["client-core"]);

await holdBenchLock();
console.log(
  `edge ingest: ${EVENTS} events/request (${body.length} B), ${connections} connections, ` +
    `${seconds} s x ${rounds} rounds, ${place.text}`,
);
const results = [];
for (let r = 1; r <= rounds; r++) {
  const data = mkdtempSync(join(tmpdir(), "liftoff-bench-"));
  const server = await startServer(data, place.serverCores, values.bundle);
  const url = `${server.origin}/ee/v1/interact?configId=${DS}`;
  const origin = server.pageOrigin;
  await load(url, body, { seconds: Number(values.warmup), connections, origin });
  const res = await load(url, body, { seconds, connections, origin });
  await server.stop();
  const db = new Database(join(data, "liftoff.db"), { readonly: true });
  const stored = db.prepare("SELECT COUNT(*) AS n FROM events").get().n;
  db.close();
  rmSync(data, { recursive: true, force: true });
  const eps = res.rps * EVENTS;
  results.push({ eps, p99: res.p99 });
  console.log(
    `round ${r}: ${Math.round(eps).toLocaleString("en")} events/s (${Math.round(res.rps)} req/s), ` +
      `p50 ${res.p50} ms, p99 ${res.p99} ms, non-2xx ${res.non2xx}, errors ${res.errors}, ` +
      `rows stored ${stored.toLocaleString("en")}; ${machineLoad()}`,
  );
}
const eps = median(results.map((r) => r.eps));
const p99 = median(results.map((r) => r.p99));
console.log(
  `median: ${Math.round(eps).toLocaleString("en")} events/s, p99 ${p99} ms ` +
    `(bar: ≥ 40,000 events/s, p99 ≤ 50 ms: ${eps >= 40_000 && p99 <= 50 ? "met" : "NOT met"})`,
);
