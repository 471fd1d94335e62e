// Where a benchmarked server's CPU goes: CPU time per thread from /proc (every thread, the
// writer and checkpointer included) and V8 CPU profiles (`node --cpu-prof`, one file per
// thread) summarised as self time by function. Used by `bench/edge-ratio.mjs --profile`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { samples } from "../cpuProfile.mjs";

// Linux reports thread CPU in clock ticks; 100 per second on every kernel Node supports.
const TICK_MS = 10;

/** CPU ms per thread of `pid` so far: Map<tid, ms> (user + system). Empty without /proc. */
export function threadCpu(pid) {
  const out = new Map();
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) start at state; utime and
      // stime are fields 14 and 15 of the whole line.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/**
 * CPU µs per request of each thread between two `threadCpu` readings: the event loop (the
 * thread whose id is the pid) first, then the others that used ≥ 1 % of the total.
 */
export function cpuPerRequest(pid, before, after, requests) {
  const rows = [];
  let total = 0;
  for (const [tid, ms] of after) {
    const used = ms - (before.get(tid) ?? 0);
    total += used;
    rows.push({ tid, used });
  }
  const perRequest = (ms) => Math.round((ms * 1000) / requests);
  const main = rows.find((r) => r.tid === pid);
  const others = rows
    .filter((r) => r.tid !== pid && r.used >= total / 100)
    .sort((a, b) => b.used - a.used);
  return {
    totalUs: perRequest(total),
    threads: [
      { name: "event loop", us: perRequest(main?.used ?? 0) },
      ...others.map((r) => ({ name: `thread ${r.tid}`, us: perRequest(r.used) })),
    ],
  };
}

const label = (frame) => {
  const file = frame.url ? frame.url.replace(/^.*\//, "") : "";
  const name = frame.functionName || "(anonymous)";
  return file ? `${name} ${file}:${frame.lineNumber + 1}` : name;
};

/** Now on the clock V8 stamps profile samples with (CLOCK_MONOTONIC, µs). */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time by function of one `.cpuprofile` within `window` ({ from, to } in
 * `monotonicMicros`; start-up and warm-up fall outside it), and the share not idle.
 */
export function summariseProfile(file, window, top = 15) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const self = new Map();
  let total = 0;
  for (const { node, at, us } of samples(profile)) {
    if (at < window.from || at > window.to) continue;
    const key = label(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + us);
    total += us;
  }
  const idle = self.get("(idle)") ?? 0;
  const busy = total - idle;
  const rows = [...self]
    .filter(([key]) => key !== "(idle)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, percent: (100 * us) / total }));
  return { seconds: total / 1e6, busyPercent: (100 * busy) / total, rows };
}

/** Prints every profile in `dir` (the main thread's and each worker's) within `window`. */
export function printProfiles(dir, window, top) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort();
  for (const f of files) {
    const s = summariseProfile(join(dir, f), window, top);
    // Node names a thread's profile CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile;
    // thread id 0 is the main thread (the event loop).
    const threadId = f.split(".").at(-3);
    const who = threadId === "0" ? "event loop" : `worker thread ${threadId}`;
    console.log(
      `\nprofile ${f} (${who}): ${s.seconds.toFixed(1)} s sampled, ${s.busyPercent.toFixed(1)} % busy; self time, % of all samples:`,
    );
    for (const r of s.rows) console.log(`  ${r.percent.toFixed(1).padStart(5)} %  ${r.name}`);
  }
}
