import { connect, type Socket } from "node:net";
import { request } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import createApp, { type LiftoffApp } from "../main/createApp.ts";

// Short bounds so a slow sender is cut within a test; the defaults are in docs/server.md.
const HEADERS_MS = 400;
const REQUEST_MS = 800;
const CHECK_MS = 50;
/** How long past its bound a cut may take: a check interval, plus a loaded machine's delay. */
const SLACK_MS = 2_000;

let app: LiftoffApp;
let port: number;

beforeEach(async () => {
  app = createApp({
    auth: "off-for-tests",
    timeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS, checkEveryMs: CHECK_MS },
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
});
afterEach(() => app.close());

/**
 * A client on a real socket that sends `head` and then one byte of `drip` every 100 ms, for
 * as long as the server keeps the connection: what it received and when the server ended it.
 */
function slowSender(head: string, drip: string) {
  const started = Date.now();
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  let sent = 0;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => undefined);
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(drip[sent++ % drip.length]!);
  }, 100);
  const closed = new Promise<{ ms: number; received: string }>((resolve) =>
    socket.once("close", () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - started, received });
    }),
  );
  return { closed, stop: () => socket.destroy() };
}

/** Resolves with the value, or rejects once `ms` have passed: a bound, not a sleep. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still open after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const problemOf = (received: string) => {
  const [head, body] = received.split("\r\n\r\n");
  return { head: head ?? "", body: JSON.parse(body ?? "null") as Record<string, unknown> };
};

describe("request timeouts against a slow sender", () => {
  it("headers that never end: 408 problem and the connection closed within headersMs", async () => {
    const sender = slowSender("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", "x-slow: 1\r\n");
    try {
      const { ms, received } = await within(
        sender.closed,
        HEADERS_MS + SLACK_MS,
        "a slow header sender",
      );
      expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - CHECK_MS);
      const { head, body } = problemOf(received);
      expect(head).toMatch(/^HTTP\/1\.1 408 /);
      expect(head.toLowerCase()).toContain("content-type: application/problem+json");
      expect(body).toMatchObject({ type: "urn:liftoff:errors:HTTP-408", status: 408 });
    } finally {
      sender.stop();
    }
  });

  it("a body sent one byte at a time: 408 and closed within requestMs of the request's start", async () => {
    const sender = slowSender(
      "POST /ee/v1/interact?configId=x HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        "Content-Type: text/plain\r\nContent-Length: 1000\r\n\r\n",
      '{"events":[]}',
    );
    try {
      const { ms, received } = await within(
        sender.closed,
        REQUEST_MS + SLACK_MS,
        "a slow body sender",
      );
      expect(ms).toBeGreaterThanOrEqual(REQUEST_MS - CHECK_MS);
      expect(problemOf(received).head).toMatch(/^HTTP\/1\.1 408 /);
      expect(problemOf(received).body).toMatchObject({ status: 408 });
    } finally {
      sender.stop();
    }
  });

  it("a Server-Sent Events stream stays open past both bounds", async () => {
    // Only receiving the request is bounded: a stream's request is complete once its headers
    // are in, and its answer may last for hours.
    const stream = request(`http://127.0.0.1:${port}/api/live`);
    let streamClosed = false;
    const opened = new Promise<number>((resolve, reject) => {
      stream.on("response", (res) => {
        res.on("data", () => undefined);
        res.on("close", () => (streamClosed = true));
        resolve(res.statusCode ?? 0);
      });
      stream.on("error", reject);
    });
    stream.end();
    let sender: ReturnType<typeof slowSender> | undefined;
    try {
      expect(await opened).toBe(200);
      // The sentinel: a slow sender that started after the stream is cut by requestMs, so the
      // server has checked its connections past the stream's own bound.
      sender = slowSender(
        "POST /ee/v1/interact?configId=x HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          "Content-Type: text/plain\r\nContent-Length: 1000\r\n\r\n",
        "{",
      );
      const cut = await within(sender.closed, REQUEST_MS + SLACK_MS, "the sentinel");
      expect(problemOf(cut.received).head).toMatch(/^HTTP\/1\.1 408 /);
      expect(streamClosed).toBe(false);
      expect(stream.destroyed).toBe(false);
    } finally {
      sender?.stop();
      stream.destroy();
    }
  });
});
