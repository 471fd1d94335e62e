import { afterEach, describe, expect, it } from "vitest";
import createApp, { type AppOptions, type LiftoffApp } from "./createApp.ts";
import { pageView, post, testApp } from "./testApp.ts";
import { SqliteStore } from "../store/SqliteStore.ts";

const PASSWORD = "proxy-test-password";
const opened: Array<{ app: LiftoffApp; store?: SqliteStore }> = [];
afterEach(async () => {
  for (const { app, store } of opened.splice(0)) {
    await app.close();
    await store?.close();
  }
});

/** An app with accounts (the admin signs in), as `liftoff serve` runs it. */
async function accountsApp(options: AppOptions = {}): Promise<LiftoffApp> {
  const store = new SqliteStore(":memory:");
  const app = createApp({
    store,
    auth: { adminPassword: PASSWORD, print: () => undefined },
    rateLimitPerSecond: 0,
    ...options,
  });
  opened.push({ app, store });
  await app.ready();
  return app;
}

/** Sign-in as a browser behind a TLS-terminating proxy sends it (inject connects from 127.0.0.1). */
const signInThroughProxy = (app: LiftoffApp, origin: string) =>
  app.inject({
    method: "POST",
    url: "/api/session",
    headers: {
      "content-type": "application/json",
      origin,
      host: "127.0.0.1:8080",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "liftoff.example.com",
      "x-forwarded-for": "203.0.113.7",
    },
    payload: { username: "admin", password: PASSWORD },
  });

async function signInAddresses(app: LiftoffApp): Promise<unknown[]> {
  const entries = await app.store.audit.list({ limit: 10 });
  return entries.filter((e) => e.action === "session.create").map((e) => e.detail);
}

describe("--trust-proxy", () => {
  it("with it: the session cookie is Secure, the origin and client address are the forwarded ones", async () => {
    const app = await accountsApp({ trustProxy: "127.0.0.1" });
    const response = await signInThroughProxy(app, "https://liftoff.example.com");
    expect(response.statusCode, response.body).toBe(200);
    expect(String(response.headers["set-cookie"])).toMatch(/; Secure$/);
    expect(await signInAddresses(app)).toEqual([{ ip: "203.0.113.7" }]);
  });

  it("without it: forwarded headers are ignored (origin, Secure, address)", async () => {
    const app = await accountsApp();
    const forged = await signInThroughProxy(app, "https://liftoff.example.com");
    expect(forged.statusCode).toBe(403);
    const direct = await signInThroughProxy(app, "http://127.0.0.1:8080");
    expect(direct.statusCode, direct.body).toBe(200);
    expect(String(direct.headers["set-cookie"])).not.toContain("Secure");
    expect(await signInAddresses(app)).toEqual([{ ip: "127.0.0.1" }]);
  });

  it("a proxy not on the list is not believed", async () => {
    const app = await accountsApp({ trustProxy: ["10.0.0.0/8"] });
    const response = await signInThroughProxy(app, "https://liftoff.example.com");
    expect(response.statusCode).toBe(403);
  });

  it("edge rate limits are per forwarded client behind a trusted proxy, per connection without", async () => {
    const from = (app: LiftoffApp, client: string) =>
      post(app, "v1/collect", { events: [pageView()] }, { headers: { "x-forwarded-for": client } });
    for (const trust of [true, false]) {
      const app = testApp({ rateLimitPerSecond: 1, ...(trust ? { trustProxy: true } : {}) });
      opened.push({ app });
      await app.ready();
      // A burst of two per client; the third from the same client waits.
      expect((await from(app, "198.51.100.1")).statusCode).toBe(204);
      expect((await from(app, "198.51.100.1")).statusCode).toBe(204);
      expect((await from(app, "198.51.100.1")).statusCode).toBe(429);
      expect((await from(app, "198.51.100.2")).statusCode).toBe(trust ? 204 : 429);
    }
  });
});

describe("request ids", () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = {
    level: "debug",
    stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  };

  it("are echoed in X-Request-Id, equal the problem's requestId and tag the debug line", async () => {
    const app = testApp({ logger });
    opened.push({ app });
    const response = await app.inject({ method: "GET", url: "/no-such-page" });
    expect(response.statusCode).toBe(404);
    const id = response.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json()).toMatchObject({ requestId: id, report: { requestId: id } });
    const line = lines.find((l) => l.msg === "request" && l.reqId === id);
    expect(line).toMatchObject({ level: 20, method: "GET", status: 404, ip: "127.0.0.1" });
    expect(typeof line?.ms).toBe("number");
  });

  it("come from a trusted proxy's X-Request-Id when it is a valid one", async () => {
    const sent = (app: LiftoffApp, id: string) =>
      app.inject({ method: "GET", url: "/no-such-page", headers: { "x-request-id": id } });
    const trusting = testApp({ trustProxy: true });
    const direct = testApp();
    opened.push({ app: trusting }, { app: direct });

    const kept = await sent(trusting, "lb-7f3a.Z_1");
    expect(kept.headers["x-request-id"]).toBe("lb-7f3a.Z_1");
    expect(kept.json()).toMatchObject({ requestId: "lb-7f3a.Z_1" });
    for (const bad of ["has space", "x".repeat(129), "a/b"]) {
      const replaced = await sent(trusting, bad);
      expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    const ignored = await sent(direct, "lb-7f3a.Z_1");
    expect(ignored.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ignored.json()).toMatchObject({ requestId: ignored.headers["x-request-id"] });
  });

  it("at info, a request writes no line", async () => {
    lines.length = 0;
    const app = testApp({ logger: { ...logger, level: "info" } });
    opened.push({ app });
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    app.log.info("sentinel");
    expect(lines.map((l) => l.msg)).toContain("sentinel");
    expect(lines.filter((l) => l.reqId !== undefined)).toEqual([]);
  });
});
