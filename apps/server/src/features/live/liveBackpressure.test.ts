import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, apiApp, signIn } from "../../main/testSupport.ts";
import type { LiftoffApp } from "../../main/createApp.ts";
import { ORIGIN, pageView, post } from "../../main/testApp.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const DATASTREAM = {
  id: "live-backpressure",
  orgId: "5LIFTOFF0LIVETEST0000001@AdobeOrg",
  propertyId: "PRlive",
  environmentId: "ENliveproduction",
  stage: "production",
  allowedOrigins: [ORIGIN],
};

let app: LiftoffApp;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app.close();
});

/** A subscriber that reads the stream's response headers and then stops reading. */
function pausedSubscriber(port: number, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `GET /api/live?propertyId=PRlive HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`,
      );
    });
    sockets.push(socket);
    socket.once("data", (chunk: Buffer) => {
      socket.pause();
      if (chunk.toString().startsWith("HTTP/1.1 200")) resolve();
      else reject(new Error(`paused subscriber refused: ${chunk.toString()}`));
    });
    socket.on("error", () => {}); // the server resets it once it falls behind
  });
}

/** A subscriber that reads everything and counts the events it got. */
function readingSubscriber(origin: string, cookie: string) {
  let count = 0;
  let buffer = "";
  const ready = new Promise<void>((resolve, reject) => {
    const req = request(`${origin}/api/live?propertyId=PRlive`, { headers: { cookie } }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (message.startsWith(": connected")) resolve();
          if (message.startsWith("event: edge-event\n")) count++;
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
  return { ready, received: () => count };
}

async function timedHealth(origin: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/healthz`);
  expect(res.status).toBe(200);
  return performance.now() - started;
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("live stream under paused readers", () => {
  it("disconnects readers that stop reading, keeps memory bounded and /healthz fast, and a reader gets every event", async () => {
    const paused = 200;
    app = apiApp({ live: { maxSubscribers: 500, maxPerUser: 500, maxBuffered: 64 * 1024 } });
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(origin).port);
    await app.store.datastreams.put(DATASTREAM);
    const { cookie } = await signIn(app, "admin", ADMIN_PASSWORD);

    const reader = readingSubscriber(origin, cookie);
    await reader.ready;
    for (let i = 0; i < paused; i++) await pausedSubscriber(port, cookie);
    expect(app.live.subscribers).toBe(paused + 1);
    const heapBefore = heapMb();

    // ~300 KB of stream text per request; sent until every paused reader is dropped (the
    // kernel's socket buffers take a few MB each first), at most 200 requests.
    const body = {
      events: Array.from({ length: 100 }, (_, i) => ({
        ...pageView(`live-${i}`),
        data: { padding: "p".repeat(2500) },
      })),
    };
    let sent = 0;
    let slowestHealth = 0;
    while (app.live.subscribers > 1 && sent < 200 * 100) {
      const res = await post(app, "v1/interact", body, { query: `configId=${DATASTREAM.id}` });
      expect(res.statusCode).toBe(200);
      sent += 100;
      if (sent % 1000 === 0) slowestHealth = Math.max(slowestHealth, await timedHealth(origin));
    }
    expect(app.live.subscribers).toBe(1);
    await until(() => reader.received() === sent, `the reader to get all ${sent} events`);
    const heapAfter = heapMb();

    console.log(
      `live backpressure: ${paused} paused readers, ${sent} events (${((sent * 2.7) / 1024).toFixed(0)} MB of stream text each); heap ${heapBefore.toFixed(0)} → ${heapAfter.toFixed(0)} MB; slowest /healthz ${slowestHealth.toFixed(1)} ms`,
    );
    expect(heapAfter - heapBefore).toBeLessThan(64);
    expect(slowestHealth).toBeLessThan(500);
  }, 120_000);

  it("refuses streams over the caps with problem+json (429 per user, 503 in all)", async () => {
    app = apiApp({ live: { maxSubscribers: 3, maxPerUser: 2 } });
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(origin).port);
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    await pausedSubscriber(port, admin.cookie);
    await pausedSubscriber(port, admin.cookie);
    const perUser = await admin.call("GET", "/api/live");
    expect(perUser.statusCode).toBe(429);
    expect(perUser.headers["content-type"]).toContain("application/problem+json");
    expect(perUser.json<{ detail: string }>().detail).toContain("2 live streams");

    const other = await admin.call("POST", "/api/users", {
      username: "viewer1",
      password: "viewer password 1",
      role: "viewer",
    });
    expect(other.statusCode).toBe(201);
    const viewer = await signIn(app, "viewer1", "viewer password 1");
    await pausedSubscriber(port, viewer.cookie);
    const total = await viewer.call("GET", "/api/live");
    expect(total.statusCode).toBe(503);
    expect(total.headers["retry-after"]).toBe("30");
    expect(total.json<{ detail: string }>().detail).toContain("3 live streams");

    // Closing a stream frees its place.
    sockets.shift()!.destroy();
    await until(() => app.live.subscribers === 2, "the closed stream to leave");
    await pausedSubscriber(port, viewer.cookie);
    expect(app.live.subscribers).toBe(3);
  });
});
