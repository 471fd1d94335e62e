// Core placement and machine load for the edge benchmarks (edge-ingest, edge-ratio).
// The machine has 2 cores shared with other work, so every figure states where the server
// and the load generator ran and how loaded the machine was while they did.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { hasTaskset, serveArgs, startLiftoff, startServe } from "./server/lib.mjs";

/**
 * Pins this process (autocannon runs in it) with all its threads to `clientCore` and returns
 * the core list for the servers. Unpinned when taskset is missing or LIFTOFF_BENCH_PIN=0.
 */
export function placeProcesses(serverCores, clientCore) {
  if (!/^\d+(,\d+)*$/.test(serverCores) || !/^\d+$/.test(clientCore))
    throw new Error(`--server-cores/--client-core: expected core numbers such as 0,1 and 1`);
  if (!hasTaskset) return { serverCores: undefined, text: "server and load generator unpinned" };
  const pinned = spawnSync("taskset", ["-a", "-pc", clientCore, String(process.pid)]);
  if (pinned.status !== 0) throw new Error(`taskset: ${pinned.stderr}`);
  return {
    serverCores,
    text: `server on core(s) ${serverCores}, load generator (autocannon) on core ${clientCore}`,
  };
}

/** `load 1.2/2.3/3.4, cpu pressure 12 %` (1/5/15-minute load average, PSI some avg10). */
export function machineLoad() {
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join("/");
  let pressure = "";
  try {
    const avg10 = /some avg10=([\d.]+)/.exec(readFileSync("/proc/pressure/cpu", "utf8"));
    if (avg10) pressure = `, cpu pressure ${Math.round(Number(avg10[1]))} %`;
  } catch {
    // No PSI on this kernel: the load average alone.
  }
  return `load ${load}${pressure}`;
}

/**
 * Starts `liftoff serve` as `startLiftoff` does, or another build of it (`--bundle`, e.g. a
 * copy of an earlier dist/liftoff.mjs kept inside apps/server/dist so it resolves the same
 * node_modules) to compare two builds in the same minutes. `nodeFlags` go to node itself.
 */
export function startServer(data, cores, bundle, nodeFlags = []) {
  if (!bundle) return startLiftoff(data, cores, nodeFlags);
  const url = pathToFileURL(resolve(bundle)).href;
  const args = JSON.stringify(serveArgs(data));
  return startServe(
    cores,
    ["-e", `import(${JSON.stringify(url)}).then((m) => m.main(${args}))`],
    nodeFlags,
  );
}
