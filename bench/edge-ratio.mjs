#!/usr/bin/env node
// Requests/s of our `POST /ee/v1/interact` (validated, stored in SQLite, answered with the
// identity handles) divided by a bare node:http server that only parses the JSON and answers
// 204, measured side by side in alternating rounds on the same core. Goal (issue 7): ≥ 0.5.
// `--action identity/acquire` measures the same path without storage (parse, validate, ECID,
// handles), which separates the cost of the write from the rest of the edge.
// Usage: node bench/edge-ratio.mjs [--rounds 3] [--seconds 5] [--connections 50] [--events 10]
//        [--action interact|identity/acquire] [--warmup 5] [--server-cores 0,1] [--client-core 1]
//        [--bundle apps/server/dist/other.mjs]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { alloyBody, DS, load, median, root, startPinned } from "./server/lib.mjs";
import { machineLoad, placeProcesses, startServer } from "./edge-placement.mjs";

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
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const body = alloyBody(Number(values.events));
if (!["interact", "identity/acquire"].includes(values.action))
  throw new Error(`--action: expected interact or identity/acquire, got ${values.action}`);
const place = placeProcesses(values["server-cores"], values["client-core"]);

console.log(
  `edge ratio (/ee/v1/${values.action}): ${values.events} events/request (${body.length} B), ${connections} connections, ` +
    `${seconds} s per side x ${rounds} rounds, ${place.text} (both servers alike)`,
);
const ratios = [];
for (let r = 1; r <= rounds; r++) {
  const bare = await startPinned(
    place.serverCores,
    [join(root, "bench/server/bareServer.mjs")],
    /listening on (http\S+)/,
  );
  await load(`${bare.origin}/ee/v1/interact`, body, {
    seconds: Number(values.warmup),
    connections,
  });
  const base = await load(`${bare.origin}/ee/v1/interact`, body, { seconds, connections });
  await bare.stop();

  const data = mkdtempSync(join(tmpdir(), "liftoff-ratio-"));
  const ours = await startServer(data, place.serverCores, values.bundle);
  const url = `${ours.origin}/ee/v1/${values.action}?configId=${DS}`;
  const origin = ours.pageOrigin;
  await load(url, body, { seconds: Number(values.warmup), connections, origin });
  const edge = await load(url, body, { seconds, connections, origin });
  await ours.stop();
  rmSync(data, { recursive: true, force: true });

  const ratio = edge.rps / base.rps;
  ratios.push(ratio);
  console.log(
    `round ${r}: bare ${Math.round(base.rps)} req/s (p99 ${base.p99} ms), ` +
      `liftoff ${Math.round(edge.rps)} req/s (p99 ${edge.p99} ms, non-2xx ${edge.non2xx}), ` +
      `ratio ${ratio.toFixed(2)}; ${machineLoad()}`,
  );
}
const m = median(ratios);
console.log(`median ratio: ${m.toFixed(2)} (goal ≥ 0.5: ${m >= 0.5 ? "met" : "NOT met"})`);
