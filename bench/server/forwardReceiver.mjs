#!/usr/bin/env node
// The local receiver of bench/forwarding.mjs: an HTTP server in a process of its own (so it
// shares no event loop with the load generator) that answers every forwarded request 200,
// after `delay` ms, and records it: its Idempotency-Key, the event it names (the body's
// requestId and index) and its delivery lag, this process's arrival time − the event's
// receivedAt (the edge's clock; same machine). Control routes:
//   GET  /__stats?since=MS  → counts, keys seen more than once, requests held now, lag
//                             percentiles of the deliveries of events received at or after MS
//   GET  /__events          → every event delivered at least once, "requestId:index"
//   PUT  /__delay?ms=N      → hold each later answer N ms (deliveries in flight for kill -9)
//   POST /__reset           → forget everything
// Prints `receiver listening on http://127.0.0.1:PORT` when ready.
import { createServer } from "node:http";

let delayMs = 0;
let held = 0;
/** Idempotency-Key → times received. */
let keys = new Map();
/** "requestId:index" of every event delivered. */
let events = new Set();
/** [receivedAt ms of the event, lag ms] of every delivery. */
let lags = [];
let received = 0;

const percentile = (sorted, q) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function stats(since) {
  const window = lags.filter(([at]) => at >= since).map(([, lag]) => lag);
  window.sort((a, b) => a - b);
  let duplicates = 0;
  for (const n of keys.values()) if (n > 1) duplicates += n - 1;
  return {
    received,
    uniqueKeys: keys.size,
    duplicates,
    events: events.size,
    held,
    lag: {
      count: window.length,
      p50: percentile(window, 0.5),
      p99: percentile(window, 0.99),
      max: window.length ? window[window.length - 1] : null,
    },
  };
}

const json = (res, value) =>
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://receiver.invalid");
  if (url.pathname === "/__stats")
    return json(res, stats(Number(url.searchParams.get("since") ?? 0)));
  if (url.pathname === "/__events") return json(res, [...events]);
  if (url.pathname === "/__delay") {
    delayMs = Number(url.searchParams.get("ms") ?? 0);
    return json(res, { delayMs });
  }
  if (url.pathname === "/__reset") {
    keys = new Map();
    events = new Set();
    lags = [];
    received = 0;
    return json(res, { reset: true });
  }
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const arrived = Date.now();
    received++;
    const key = String(req.headers["idempotency-key"] ?? "");
    keys.set(key, (keys.get(key) ?? 0) + 1);
    try {
      const event = JSON.parse(body);
      events.add(`${event.requestId}:${event.index}`);
      const at = Date.parse(event.receivedAt);
      if (Number.isFinite(at)) lags.push([at, arrived - at]);
    } catch {
      // Not one of the bench's bodies: counted, not matched to an event.
    }
    held++;
    const answer = () => {
      held--;
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
});

server.listen(0, "127.0.0.1", () => {
  console.log(`receiver listening on http://127.0.0.1:${server.address().port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
