import { SECRET_CLOSE, SECRET_OPEN, type PlannedRequest } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import { sendPlanned, type SendOptions } from "./sendPlanned.ts";
import { closeTestServers, startTestServer, type TestServer } from "./testServer.ts";

const ref = (name: string) => `${SECRET_OPEN}${name}${SECRET_CLOSE}`;
const secrets = new Map([
  ["token", "tok-S3CRET/+value"],
  ["apiKey", "key-9f8e7d"],
]);

/** The explicit loopback allowance these tests need (and production never has by default). */
const loopback = (server: TestServer) => [{ host: `127.0.0.1:${server.port}`, allowPrivate: true }];

const plan = (url: string, extra: Partial<PlannedRequest> = {}): PlannedRequest => ({
  method: "POST",
  url,
  query: [],
  headers: [],
  body: null,
  ...extra,
});

const send = (request: PlannedRequest, server: TestServer, extra: Partial<SendOptions> = {}) =>
  sendPlanned(request, { secrets, hosts: loopback(server), ...extra });

afterEach(closeTestServers);

describe("sendPlanned: the request", () => {
  it("sends method, URL with the query appended, headers and body, secrets substituted", async () => {
    const server = await startTestServer((_req, res) => res.writeHead(202).end("accepted"));
    const outcome = await send(
      plan(`${server.origin}/v21.0/123/events?existing=1`, {
        query: [
          ["access_token", ref("token")],
          ["q", "a b&c=d/é"],
        ],
        headers: [
          ["Authorization", `Bearer ${ref("token")}`],
          ["Content-Type", "application/json"],
          ["Idempotency-Key", "k-1"],
        ],
        body: JSON.stringify({ key: ref("apiKey"), n: 1 }),
      }),
      server,
    );
    expect(outcome).toMatchObject({
      status: 202,
      excerpt: "accepted",
      host: `127.0.0.1:${server.port}`,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
    const [seen] = server.seen;
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe(
      `/v21.0/123/events?existing=1&access_token=${encodeURIComponent("tok-S3CRET/+value")}&q=a%20b%26c%3Dd%2F%C3%A9`,
    );
    expect(seen?.headers["authorization"]).toBe("Bearer tok-S3CRET/+value");
    expect(seen?.headers["idempotency-key"]).toBe("k-1");
    expect(seen?.headers["host"]).toBe(`127.0.0.1:${server.port}`);
    expect(seen?.headers["content-length"]).toBe(String(Buffer.byteLength(seen!.body)));
    expect(JSON.parse(seen!.body)).toEqual({ key: "key-9f8e7d", n: 1 });
  });

  it("sends a URL's user name and password as Basic credentials", async () => {
    const server = await startTestServer();
    const url = `http://hook%20user:${ref("apiKey")}@127.0.0.1:${server.port}/basic`;
    expect(await send(plan(url), server)).toMatchObject({ status: 200 });
    expect(server.seen[0]?.url).toBe("/basic");
    expect(server.seen[0]?.headers["authorization"]).toBe(
      `Basic ${Buffer.from("hook user:key-9f8e7d").toString("base64")}`,
    );
  });

  it("masks every secret in the excerpt, however the destination echoes it", async () => {
    const server = await startTestServer((req, res, seen) =>
      res.end(`echo ${req.url} ${seen.headers["authorization"]} ${seen.body}`),
    );
    const outcome = await send(
      plan(`${server.origin}/hook`, {
        query: [["t", ref("token")]],
        headers: [["Authorization", `Bearer ${ref("token")}`]],
        body: JSON.stringify({ apiKey: ref("apiKey") }),
      }),
      server,
    );
    expect(outcome.status).toBe(200);
    expect(outcome.excerpt).toBe('echo /hook?t=•••• Bearer •••• {"apiKey":"••••"}');
  });

  it("cuts the excerpt at 1 KB without leaving part of a secret at the cut", async () => {
    const body = `${"x".repeat(1020)}${secrets.get("token")}${"y".repeat(3000)}`;
    const server = await startTestServer((_req, res) => res.end(body));
    const outcome = await send(plan(server.origin), server);
    expect(outcome.excerpt).toBe(`${"x".repeat(1020)}••••`);
    expect(outcome.excerpt).toHaveLength(1024);
  });

  it("sends nothing and names the secret when one is missing", async () => {
    const server = await startTestServer();
    const outcome = await send(
      plan(`${server.origin}/hook`, { headers: [["X-Key", ref("metaToken")]] }),
      server,
    );
    expect(outcome).toMatchObject({
      error: 'secret "metaToken" is not set for this environment; nothing was sent',
      permanent: true,
    });
    expect(outcome.status).toBeUndefined();
    // Sentinel: a later request arrives; the refused one never did.
    const next = server.nextRequest();
    await send(plan(`${server.origin}/sentinel`), server);
    await next;
    expect(server.seen.map((seen) => seen.url)).toEqual(["/sentinel"]);
  });

  it("reads Retry-After in seconds and as an HTTP-date", async () => {
    const inSeconds = await startTestServer((_req, res) =>
      res.writeHead(503, { "Retry-After": "120" }).end("busy"),
    );
    expect(await send(plan(inSeconds.origin), inSeconds)).toMatchObject({
      status: 503,
      retryAfterMs: 120_000,
      excerpt: "busy",
    });
    const at = new Date(Date.now() + 90_000).toUTCString();
    const asDate = await startTestServer((_req, res) =>
      res.writeHead(429, { "Retry-After": at }).end(),
    );
    const outcome = await send(plan(asDate.origin), asDate);
    expect(outcome.status).toBe(429);
    // An HTTP-date has whole seconds: between 89 and 90 s are left.
    expect(outcome.retryAfterMs).toBeGreaterThan(88_000);
    expect(outcome.retryAfterMs).toBeLessThanOrEqual(90_000);
    expect(outcome.excerpt).toBeUndefined();
  });

  it("reports a refused connection as a retryable network error", async () => {
    const server = await startTestServer();
    const port = server.port;
    await closeTestServers();
    const outcome = await sendPlanned(plan(`http://127.0.0.1:${port}/`), {
      secrets,
      hosts: [{ host: `127.0.0.1:${port}`, allowPrivate: true }],
    });
    expect(outcome).toMatchObject({ error: `connection refused by 127.0.0.1:${port}` });
    expect(outcome.permanent).toBeUndefined();
  });

  it("refuses a header a secret would break (a line break) without sending", async () => {
    const server = await startTestServer();
    const outcome = await send(plan(server.origin, { headers: [["X-Key", ref("bad")]] }), server, {
      secrets: new Map([["bad", "a\r\nX-Injected: 1"]]),
    });
    expect(outcome.permanent).toBe(true);
    expect(outcome.error).toMatch(/^the request is not valid: /);
    expect(outcome.error).not.toContain("X-Injected");
  });

  it("stops when the caller aborts", async () => {
    const server = await startTestServer(() => {
      // Never answers.
    });
    const controller = new AbortController();
    const pending = send(plan(server.origin), server, { signal: controller.signal });
    await server.nextRequest();
    controller.abort();
    expect(await pending).toMatchObject({ error: "aborted before an answer" });
  });

  it("reuses a kept-alive connection for the next request to the same address", async () => {
    const server = await startTestServer();
    for (let i = 0; i < 3; i++)
      expect(await send(plan(server.origin), server)).toMatchObject({ status: 200 });
    expect(server.seen).toHaveLength(3);
    expect(server.connections()).toBe(1);
  });
});
