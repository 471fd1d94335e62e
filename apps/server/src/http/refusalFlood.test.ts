import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import createApp, { type AppOptions, type LiftoffApp } from "../main/createApp.ts";
import { DS, ORIGIN, pageView, testDatastreams } from "../main/testApp.ts";
import { SqliteStore } from "../store/SqliteStore.ts";

type Line = Record<string, unknown>;

/** An app logging through a real pino logger into memory: its lines and their bytes. */
function loggedApp(options: AppOptions = {}) {
  const lines: Line[] = [];
  // Tests that wait for a line the server writes later (a timer's summary) are told of it.
  const waiting = new Set<{ match: (line: Line) => boolean; found: (line: Line) => void }>();
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      for (const text of chunk.toString().split("\n")) {
        if (text.trim() === "") continue;
        const line = JSON.parse(text) as Line;
        lines.push(line);
        for (const w of waiting)
          if (w.match(line)) {
            waiting.delete(w);
            w.found(line);
          }
      }
      done();
    },
  });
  const app = createApp({
    logger: { level: "info", stream },
    auth: "off-for-tests",
    ...options,
  });
  app.addHook("onReady", async () => {
    for (const datastream of testDatastreams) await app.store.datastreams.put(datastream);
  });
  /** The first line (written already, or the next one) that `match` accepts. */
  const lineWhere = (match: (line: Line) => boolean): Promise<Line> => {
    const written = lines.find(match);
    if (written) return Promise.resolve(written);
    return new Promise((found) => waiting.add({ match, found }));
  };
  return { app, lines, lineWhere, bytes: () => bytes };
}

const edgeBody = JSON.stringify({ events: [pageView()] });
const requestId = "0f6a5e1c-1111-4222-8333-444455556666";

/** The three floods the probe measured: edge 429s, trace 429s, an unknown datastream. */
function flood(app: LiftoffApp, i: number) {
  switch (i % 3) {
    case 0: // one client over the edge's rate limit
      return app.inject({
        method: "POST",
        url: `/ee/v1/interact?configId=${DS}&requestId=${requestId}`,
        headers: { "content-type": "text/plain", origin: ORIGIN },
        remoteAddress: "10.0.0.1",
        payload: edgeBody,
      });
    case 1: // one client over the trace rate limit
      return app.inject({
        method: "POST",
        url: "/preview/PVnone/trace",
        headers: { "content-type": "text/plain" },
        remoteAddress: "10.0.0.2",
        payload: "[]",
      });
    default: // a datastream that does not exist, each from a new address (no rate limit hit)
      return app.inject({
        method: "POST",
        url: `/ee/v1/interact?configId=nope&requestId=${requestId}`,
        headers: { "content-type": "text/plain", origin: ORIGIN },
        remoteAddress: `10.1.${(i >> 8) & 255}.${i & 255}`,
        payload: edgeBody,
      });
  }
}

/** `liftoff_refused_requests_total` by "route status type", read from /metrics text. */
function refusedCounters(text: string): Map<string, number> {
  const counters = new Map<string, number>();
  for (const line of text.split("\n")) {
    const m =
      /^liftoff_refused_requests_total\{method="POST",route="([^"]*)",status="(\d+)",type="([^"]*)"\} (\d+)$/.exec(
        line,
      );
    if (m) counters.set(`${m[1]} ${m[2]} ${m[3]}`, Number(m[4]));
  }
  return counters;
}

describe("refused requests are counted and logged sampled", () => {
  it("keeps a 20,000-request flood under 50 KB of log with exact counts in /metrics and the summary", async () => {
    const { app, lines, bytes } = loggedApp({
      rateLimitPerSecond: 1,
      preview: { traceRatePerSecond: 1 },
    });
    await app.ready();
    // What the clients saw, by route pattern, status and problem type.
    const seen = new Map<string, number>();
    const routeOf = ["/ee/v1/interact", "/preview/:id/trace", "/ee/v1/interact"];
    const total = 20_000;
    const started = performance.now();
    for (let start = 0; start < total; start += 200) {
      const batch = Array.from({ length: Math.min(200, total - start) }, (_, k) => start + k);
      const answers = await Promise.all(batch.map((i) => flood(app, i)));
      answers.forEach((res, k) => {
        // Refusals only: a 500 is no refusal (logged each time, counted apart).
        if (res.statusCode < 400 || res.statusCode >= 500) return;
        const key = `${routeOf[batch[k]! % 3]} ${res.statusCode} ${res.json<{ type: string }>().type}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      });
    }
    // Each kind of refusal is there, and nearly every request was refused: the two rate
    // limits (1 a second, burst 2) let through at most 2 + 1 a second each while it ran.
    const seconds = Math.ceil((performance.now() - started) / 1000);
    const refused = [...seen.values()].reduce((a, b) => a + b, 0);
    expect(refused).toBeGreaterThanOrEqual(total - 2 * (2 + seconds));
    expect([...seen.keys()]).toEqual(
      expect.arrayContaining([
        "/ee/v1/interact 429 urn:liftoff:errors:EXEG-0207-429",
        "/preview/:id/trace 429 urn:liftoff:errors:preview:rate-limited",
        "/ee/v1/interact 400 https://ns.adobe.com/aep/errors/EXEG-0003-400",
      ]),
    );

    // The flood itself wrote a few lines, not one per request (a line each: about 6 MB).
    expect(bytes()).toBeLessThan(50_000);

    const metrics = await app.inject({ url: "/metrics" });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(refusedCounters(metrics.body)).toEqual(seen);

    await app.close();
    // One summary line per route and reason (written on close for the window cut short),
    // with the exact count; at most 5 full lines per route and reason.
    const summaries = lines.filter((l) => typeof l.refused === "number");
    const summed = new Map<string, number>();
    for (const s of summaries) {
      const key = `${String(s.route)} ${String(s.status)} ${String(s.type)}`;
      summed.set(key, (summed.get(key) ?? 0) + (s.refused as number));
      expect(s.logged).toBe(Math.min(5, s.refused as number));
    }
    expect(summed).toEqual(seen);
    // Shutdown cut the minute short: its summary says how long the window really was.
    for (const s of summaries)
      expect(s.msg).toMatch(/^refused \d+ request\(s\) in the last (\d|[1-5]\d) s$/);
    const full = lines.filter((l) => typeof l.requestId === "string" && l.status !== undefined);
    expect(full.length).toBeLessThanOrEqual(5 * seen.size);
    expect(bytes()).toBeLessThan(50_000);
  }, 120_000);

  it("writes a summary each window, then logs the next window's first refusals in full again", async () => {
    const { app, lines, lineWhere } = loggedApp({ refusals: { windowMs: 200, sample: 2 } });
    try {
      const missing = () => app.inject({ url: "/api/properties/PRnone" });
      for (let i = 0; i < 7; i++) expect((await missing()).statusCode).toBe(404);
      const route = "/api/properties/:pid";
      // The sentinel: the window's summary line, written by the timer.
      const summary = await lineWhere((l) => l.route === route && l.refused !== undefined);
      expect(summary).toMatchObject({
        level: 30,
        method: "GET",
        status: 404,
        type: "urn:liftoff:errors:api:not-found",
        refused: 7,
        logged: 2,
      });
      const fullLines = () => lines.filter((l) => l.route === route && l.requestId !== undefined);
      expect(fullLines()).toHaveLength(2);
      expect(fullLines()[1]).toMatchObject({ sampled: 2 });
      expect((await missing()).statusCode).toBe(404);
      expect(fullLines()).toHaveLength(3);
    } finally {
      await app.close();
    }
  });

  it("logs every unhandled error with its stack, unsampled, and counts it", async () => {
    const store = new SqliteStore(":memory:");
    store.events.list = () => Promise.reject(new Error("disk on fire"));
    const { app, lines } = loggedApp({ store, bootstrap: false });
    try {
      for (let i = 0; i < 8; i++)
        expect((await app.inject({ url: "/api/events" })).statusCode).toBe(500);
      const errors = lines.filter((l) => l.msg === "unhandled error");
      expect(errors).toHaveLength(8);
      expect((errors[0]!.err as { stack: string }).stack).toContain("disk on fire");
      const metrics = await app.inject({ url: "/metrics" });
      expect(metrics.body).toContain("\nliftoff_unhandled_errors_total 8\n");
    } finally {
      await app.close();
      await store.close();
    }
  });
});
