#!/usr/bin/env node
// Live stream benchmark: the built `liftoff serve` on loopback with a fresh SQLite data dir and
// its default live-stream limits (200 streams in all, 10 per user, 1 MiB of backlog each).
// Creates a property (its production datastream takes the events) and enough viewer users for
// the per-user cap, opens one reading subscriber (the admin) and N paused ones (raw sockets that
// read the response headers and stop), sends M events through the edge while sampling
// `/healthz`, and prints: server memory (heap after a full GC, and RSS from /proc) before, peak
// and after; how many paused readers the server disconnected (its log lines); whether the
// reading subscriber got every event; `/healthz` latency. Bounded by --timeout; everything it
// starts is stopped at the end.
// The default 10,000 alloy-shaped events are ≈ 14 MB of stream text per subscriber: past what
// loopback's socket buffers take for a reader that stopped (a few MB), so the server's own
// backlog limit is reached; with 2,000 the kernel holds it all and nobody is disconnected.
// Run: node scripts/build.mjs && node bench/liveStream.mjs [--readers 199] [--events 10000]
//      [--batch 10] [--padding 0] [--timeout 180]
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { alloyEvent, median, root, signIn } from "./server/lib.mjs";
import { holdBenchLock } from "./benchLock.mjs";

await holdBenchLock();

const { values } = parseArgs({
  options: {
    readers: { type: "string", default: "199" },
    events: { type: "string", default: "10000" },
    batch: { type: "string", default: "10" },
    padding: { type: "string", default: "0" },
    timeout: { type: "string", default: "180" },
  },
});
const count = (name, min, max) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name}: expected an integer from ${min} to ${max}, got ${values[name]}`);
  return n;
};
const READERS = count("readers", 0, 1000);
const EVENTS = count("events", 1, 1_000_000);
const BATCH = count("batch", 1, 1000);
const PADDING = count("padding", 0, 100_000);
const TIMEOUT_MS = count("timeout", 10, 3600) * 1000;
// The server's default cap per user (docs/server.md, Live stream); readers are spread over
// as many viewer users as that needs.
const PER_USER = 10;
const PASSWORD = "live-bench-password-1";
const ORG = "5LIFTOFF0LIVEBENCH000001@AdobeOrg";
const DROP_LINE = "live: subscriber fell behind; disconnected";

// Loaded into the server process before it starts: answers the benchmark over the IPC channel
// with its heap (after a full GC on "gc") and its event loop's delay since the last "reset",
// so the server needs no route for it.
const PROBE = `import { monitorEventLoopDelay } from "node:perf_hooks";
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on("message", (command) => {
  if (command === "gc") globalThis.gc();
  const loop = { max: delay.max / 1e6, p99: delay.percentile(99) / 1e6 };
  if (command === "reset") delay.reset();
  process.send({ heap: process.memoryUsage().heapUsed, loop });
});
process.channel.unref();`;

const deadline = Date.now() + TIMEOUT_MS;
const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition, what) {
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function startServer(data) {
  const child = spawn(
    process.execPath,
    [
      "--expose-gc",
      `--import=data:text/javascript,${encodeURIComponent(PROBE)}`,
      join(root, "apps/server/bin/liftoff.mjs"),
      "serve",
      "--port",
      "0",
      "--data",
      data,
      "--rate-limit",
      "0",
    ],
    {
      // info: the live stream logs each disconnected subscriber (request logging is off).
      env: { ...process.env, LIFTOFF_ADMIN_PASSWORD: PASSWORD, LIFTOFF_LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    },
  );
  let out = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const outEnded = new Promise((resolve) => child.stdout.once("end", resolve));
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => (out += chunk));
  const server = {
    child,
    log: () => out,
    /** Asks the probe: `{heap, loop: {max, p99}}` (ms); "gc" first collects, "reset" restarts the loop figures. */
    probe: (command) =>
      new Promise((resolve) => {
        child.once("message", resolve);
        child.send(command);
      }),
    /** VmRSS and VmHWM (peak) from /proc, in bytes. */
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)[1]);
      return { now: kb("VmRSS") * 1024, peak: kb("VmHWM") * 1024 };
    },
    /** Open sockets of the server process (its listening socket and every connection). */
    sockets: () =>
      readdirSync(`/proc/${child.pid}/fd`).filter((fd) => {
        try {
          return readlinkSync(`/proc/${child.pid}/fd/${fd}`).startsWith("socket:");
        } catch {
          return false; // closed while listing
        }
      }).length,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(killer);
      }
      await outEnded;
    },
  };
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http\S+)/.exec(out);
      if (!match) return;
      child.stdout.off("data", onData);
      resolve({ ...server, origin: match[1], port: Number(new URL(match[1]).port) });
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited ${code}:\n${out}`)));
    setTimeout(() => reject(new Error(`server did not start in 30 s:\n${out}`)), 30_000).unref();
  });
}

/** The admin's stream, read to the end: counts edge events and finds the sentinel. */
function readingSubscriber(origin, cookie, sentinel) {
  const state = { events: 0, characters: 0, sentinel: false, closed: false };
  let buffer = "";
  let req;
  const ready = new Promise((resolve, reject) => {
    req = request(`${origin}/api/live`, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`reader refused: ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (message.startsWith(": connected")) resolve();
          if (!message.startsWith("event: edge-event\n")) continue;
          if (message.includes(sentinel)) state.sentinel = true;
          else {
            state.events++;
            state.characters += message.length + 2;
          }
        }
      });
      res.on("close", () => (state.closed = true));
    });
    req.on("error", (error) => (state.closed ? undefined : reject(error)));
    req.end();
  });
  return { state, ready, destroy: () => req.destroy() };
}

/** A stream that reads its response headers and then stops reading: 200, or the refusal. */
function pausedReader(port, cookie, sockets) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () =>
      socket.write(`GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`),
    );
    sockets.push(socket);
    socket.on("error", () => {}); // the server resets a reader it disconnects
    socket.once("data", (chunk) => {
      socket.pause();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1"))?.[1]);
      if (status !== 200) socket.destroy();
      resolve(status);
    });
    socket.once("close", () => reject(new Error("paused reader closed before its headers")));
  });
}

function body(from, size, marker) {
  return JSON.stringify({
    events: Array.from({ length: size }, (_, i) => {
      const event = alloyEvent(from + i);
      if (PADDING > 0) event.data.padding = "p".repeat(PADDING);
      if (marker) event.data.marker = marker;
      return event;
    }),
  });
}

async function interact(origin, datastream, text) {
  const res = await fetch(`${origin}/ee/v1/interact?configId=${datastream}`, {
    method: "POST",
    headers: { "content-type": "text/plain; charset=UTF-8" },
    body: text,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`interact: ${res.status}`);
}

/** Samples /healthz one request at a time until `stop()`; resolves with the latencies. */
function sampleHealth(origin) {
  let running = true;
  const latencies = [];
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${origin}/healthz`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/healthz: ${res.status}`);
      latencies.push(performance.now() - started);
      await sleep(25);
    }
    return latencies;
  })();
  return () => ((running = false), done);
}

/** Bytes the kernel holds in TCP buffers, machine-wide (a paused reader's backlog sits there first). */
function kernelTcpBytes() {
  const pages = /^TCP:.* mem (\d+)/m.exec(readFileSync("/proc/net/sockstat", "utf8"))[1];
  return Number(pages) * 4096;
}

/** Samples the server's heap (no GC) and the kernel's TCP buffers while the flood runs; the largest. */
function samplePeaks(server) {
  let running = true;
  const peak = { heap: 0, tcp: 0 };
  const done = (async () => {
    while (running) {
      peak.heap = Math.max(peak.heap, (await server.probe("heap")).heap);
      peak.tcp = Math.max(peak.tcp, kernelTcpBytes());
      await sleep(100);
    }
    return peak;
  })();
  return () => ((running = false), done);
}

async function memory(server) {
  return { heap: (await server.probe("gc")).heap, rss: server.rss().now, tcp: kernelTcpBytes() };
}

async function setUp(server) {
  const admin = await signIn(server.origin, "admin", PASSWORD);
  const property = await admin.api("POST", "/api/properties", {
    name: "Live stream bench",
    orgId: ORG,
  });
  const pid = property.document.property.id;
  const { datastreams } = await admin.api("GET", "/api/datastreams");
  const datastream = datastreams.find((d) => d.propertyId === pid && d.stage === "production");
  const viewers = [];
  for (let i = 0; i < Math.ceil(READERS / PER_USER); i++) {
    const username = `live-bench-${i + 1}`;
    await admin.api("POST", "/api/users", { username, password: PASSWORD, role: "viewer" });
    viewers.push((await signIn(server.origin, username, PASSWORD)).cookie);
  }
  return { admin, datastream: datastream.id, viewers };
}

async function run(server, sockets) {
  const { admin, datastream, viewers } = await setUp(server);
  const sentinel = `live-bench-sentinel-${process.pid}-${Date.now()}`;
  const reader = readingSubscriber(server.origin, admin.cookie, sentinel);
  sockets.push(reader);
  await reader.ready;
  const idleSockets = server.sockets();
  const statuses = new Map();
  for (let i = 0; i < READERS; i++) {
    const status = await pausedReader(server.port, viewers[Math.floor(i / PER_USER)], sockets);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const accepted = statuses.get(200) ?? 0;
  const before = await memory(server);
  const socketsBefore = server.sockets();

  await server.probe("reset");
  const stopHealth = sampleHealth(server.origin);
  const stopPeaks = samplePeaks(server);
  const started = performance.now();
  let health, peaks, floodMs;
  try {
    for (let sent = 0; sent < EVENTS; sent += BATCH) {
      if (Date.now() > deadline) throw new Error(`timed out after ${sent} events`);
      await interact(server.origin, datastream, body(sent, Math.min(BATCH, EVENTS - sent)));
    }
    floodMs = performance.now() - started;
  } finally {
    // The samplers finish their request while the server still runs, also when the flood failed.
    health = await stopHealth();
    peaks = await stopPeaks();
  }
  // The sentinel comes after every flood event on the reader's stream, so once it is there the
  // reader has had its chance at all of them.
  await interact(server.origin, datastream, body(EVENTS, 1, sentinel));
  await until(() => reader.state.sentinel || reader.state.closed, "the sentinel on the reader");
  const { loop } = await server.probe("heap");
  const got = { ...reader.state };
  const after = await memory(server);
  const socketsAfter = server.sockets();

  for (const socket of sockets) if (socket !== reader) socket.destroy();
  // The flood's two clients (edge requests, /healthz) may each hold one more keep-alive socket.
  await until(() => server.sockets() <= idleSockets + 2, "the server to close the paused streams");
  const closed = await memory(server);
  reader.destroy();
  return {
    statuses,
    accepted,
    before,
    after,
    closed,
    peaks,
    peakRss: server.rss().peak,
    socketsBefore,
    socketsAfter,
    floodMs,
    health,
    loop,
    reader: got,
  };
}

function report(r, dropped) {
  const refused = [...r.statuses].filter(([s]) => s !== 200).map(([s, n]) => `${n} × ${s}`);
  const sortedHealth = [...r.health].sort((a, b) => a - b);
  const perEvent = Math.round(r.reader.characters / Math.max(1, r.reader.events));
  console.log(
    [
      `live stream: ${READERS} paused readers asked for, ${r.accepted} open` +
        (refused.length ? ` (refused: ${refused.join(", ")})` : "") +
        `, 1 reading subscriber; ${EVENTS} events in requests of ${BATCH}, ≈ ${perEvent}` +
        ` characters of stream text each (≈ ${mb(EVENTS * perEvent)} MB per subscriber)`,
      `flood: ${(r.floodMs / 1000).toFixed(1)} s, ${Math.round(EVENTS / (r.floodMs / 1000))} events/s`,
      `paused readers disconnected by the server: ${dropped} of ${r.accepted}` +
        ` (server sockets ${r.socketsBefore} → ${r.socketsAfter})`,
      `reading subscriber: ${r.reader.events} of ${EVENTS} events` +
        (r.reader.events === EVENTS && !r.reader.closed ? " (all)" : " — MISSING EVENTS") +
        (r.reader.closed ? ", its stream closed" : ""),
      `server heap after a full GC: ${mb(r.before.heap)} MB before → ${mb(r.after.heap)} MB after` +
        ` the flood → ${mb(r.closed.heap)} MB once the readers closed; peak sampled ${mb(r.peaks.heap)} MB`,
      `server RSS: ${mb(r.before.rss)} MB before → ${mb(r.after.rss)} MB after →` +
        ` ${mb(r.closed.rss)} MB once the readers closed; peak (VmHWM) ${mb(r.peakRss)} MB`,
      `kernel TCP buffers, whole machine (/proc/net/sockstat): ${mb(r.before.tcp)} MB before,` +
        ` peak sampled ${mb(r.peaks.tcp)} MB, ${mb(r.after.tcp)} MB after the flood`,
      `/healthz during the flood: ${r.health.length} samples, median` +
        ` ${median(r.health).toFixed(1)} ms, p90 ${sortedHealth[Math.floor(sortedHealth.length * 0.9)].toFixed(1)} ms,` +
        ` max ${Math.max(...r.health).toFixed(1)} ms; the server's event loop delay from the` +
        ` flood's start to the sentinel: p99 ${r.loop.p99.toFixed(0)} ms, max ${r.loop.max.toFixed(0)} ms`,
      `load average: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
    ].join("\n"),
  );
}

const data = mkdtempSync(join(tmpdir(), "liftoff-live-bench-"));
// Every connection the benchmark holds to the server: the paused sockets and the reader.
const sockets = [];
let server;
// The last resort if something hangs past the deadline: stop the server and leave.
const guard = setTimeout(() => {
  console.error(`live stream bench: over ${TIMEOUT_MS / 1000} s; stopping`);
  for (const socket of sockets) socket.destroy();
  server?.child.kill("SIGKILL");
  rmSync(data, { recursive: true, force: true });
  process.exit(1);
}, TIMEOUT_MS + 15_000);
try {
  server = await startServer(data);
  const result = await run(server, sockets);
  await server.stop();
  report(result, server.log().split(DROP_LINE).length - 1);
} finally {
  for (const socket of sockets) socket.destroy();
  await server?.stop();
  rmSync(data, { recursive: true, force: true });
  clearTimeout(guard);
}
