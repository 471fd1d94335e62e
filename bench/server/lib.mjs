// Shared helpers of the edge benchmarks: start the built server, build realistic alloy
// bodies, run autocannon against loopback. Bounded: every run has a fixed duration.
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

export const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const DS = "pc-marketing-production";

// LIFTOFF_BENCH_PIN=0 runs unpinned (useful when other work keeps core 0 busy).
const hasTaskset =
  process.env.LIFTOFF_BENCH_PIN !== "0" && spawnSync("taskset", ["-V"]).status === 0;

/**
 * Spawns `node ...args` pinned to one core when taskset exists; resolves on the line
 * `pattern`. `nodeFlags` go before the script (e.g. `--cpu-prof`).
 */
export function startPinned(core, args, pattern, env = {}, nodeFlags = []) {
  const cmd = hasTaskset ? "taskset" : process.execPath;
  const full = hasTaskset
    ? ["-c", String(core), process.execPath, ...nodeFlags, ...args]
    : [...nodeFlags, ...args];
  const child = spawn(cmd, full, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LIFTOFF_LOG_LEVEL: "warn", ...env },
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match) resolve({ origin: match[1], match, child, stop: () => stop(child) });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

/** `liftoff serve` arguments of the edge benchmarks. */
export const serveArgs = (data) => [
  "serve",
  "--port",
  "0",
  "--data",
  data,
  "--rate-limit",
  "0",
  // The demo property's datastreams to send to (a plain start has none).
  "--demo",
  "--demo-port",
  "0",
];

// The demo datastreams accept the demo site's origin only (the server starts closed): the
// benchmarks send as that site.
const LISTENING = /listening on (http\S+)[\s\S]*demo:\s+(http\S+?)\/?\s/;

/** Starts `node <args>` (a `liftoff serve`) and answers its origin and the demo page's. */
export function startServe(core, args, nodeFlags = []) {
  return startPinned(core, args, LISTENING, {}, nodeFlags).then((server) => ({
    ...server,
    pageOrigin: server.match[2],
  }));
}

export function startLiftoff(data, core = 0, nodeFlags = []) {
  return startServe(
    core,
    [join(root, "apps/server/bin/liftoff.mjs"), ...serveArgs(data)],
    nodeFlags,
  );
}

/** One alloy-shaped event (Context component fields + page details), about 700 bytes. */
export function alloyEvent(i) {
  return {
    xdm: {
      eventType: "web.webpagedetails.pageViews",
      web: {
        webPageDetails: {
          URL: `https://www.example.test/pcg/auto/quote?step=${i}`,
          name: "pc:pcg:auto:quote",
          siteSection: "auto",
          pageViews: { value: 1 },
        },
        webReferrer: { URL: "https://www.example.test/" },
      },
      device: { screenHeight: 1080, screenWidth: 1920, screenOrientation: "landscape" },
      environment: {
        type: "browser",
        browserDetails: { viewportWidth: 1280, viewportHeight: 720 },
      },
      placeContext: { localTimezoneOffset: 300, localTime: "2026-11-21T12:00:00.000-05:00" },
      timestamp: "2026-11-21T17:00:00.000Z",
      implementationDetails: {
        name: "https://ns.adobe.com/experience/alloy",
        version: "2.26.0",
        environment: "browser",
      },
      _experience: { analytics: { event1to100: { event18: { value: 1 } } } },
    },
    data: { __adobe: { analytics: { prop1: "auto", eVar1: "quote" } } },
  };
}

export function alloyBody(events = 10) {
  return JSON.stringify({
    events: Array.from({ length: events }, (_, i) => alloyEvent(i)),
    query: { identity: { fetch: ["ECID"] } },
    meta: { state: { domain: "example.test", cookiesEnabled: true } },
  });
}

/** Runs autocannon for `seconds`; returns requests/s (2xx only), latencies, error counts. */
export function load(
  url,
  body,
  { seconds, connections = 50, origin = "https://www.example.test" },
) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: "POST",
        headers: {
          "content-type": "text/plain; charset=UTF-8",
          origin,
        },
        body,
        connections,
        duration: seconds,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: result["2xx"] / seconds,
          ok: result["2xx"],
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          p50: result.latency.p50,
          p99: result.latency.p99,
        });
      },
    );
  });
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export { hasTaskset };

/**
 * Signs in through the studio API and answers the session cookie and a JSON call with it
 * (the CSRF token on every request); a call that is not 2xx throws with the answer. Every
 * request, the sign-in's and the calls', is aborted when `signal` aborts.
 */
export async function signIn(origin, username, password, { signal } = {}) {
  const res = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
    signal,
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie").split(";")[0];
  const { csrfToken } = await res.json();
  const api = async (method, path, body) => {
    const answer = await fetch(origin + path, {
      method,
      headers: { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return JSON.parse(text);
  };
  return { cookie, api };
}
