import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { AppOptions, LiftoffApp } from "../../main/createApp.ts";
import { PostgresStore } from "../../store/PostgresStore.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import type { Store } from "../../store/Store.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { requestFingerprint } from "./storeEvents.ts";
import { DS, pageView, post, testApp } from "../../main/testApp.ts";

/**
 * Exactly-once ingest by request id (docs/server.md, Retries): a request sent again with the
 * same `requestId` (a proxy's or a client's retry) is answered as the first was and its
 * events are stored once, on both stores and across nodes on one PostgreSQL.
 */

const cluster = useTestPostgres();
const dir = mkdtempSync(join(tmpdir(), "liftoff-retries-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

const stores: Array<[string, () => Store]> = [
  // A database file: the inserts run on the writer thread (SqliteEventWriter).
  ["SQLite", () => new SqliteStore(join(dir, `retries-${n++}.db`))],
  [
    "PostgreSQL",
    () => new PostgresStore(cluster.url(), { schema: cluster.schema("retries"), max: 4 }),
  ],
];

type Edge = AppOptions["edge"];

const ecidOf = (body: string): string => {
  const { handle } = JSON.parse(body) as {
    handle: Array<{ type: string; payload: Array<{ id?: string }> }>;
  };
  return handle.find((h) => h.type === "identity:result")!.payload[0]!.id!;
};

const queryFor = (requestId: string) => `configId=${DS}&requestId=${requestId}`;

for (const [name, open] of stores)
  describe(`edge retries by requestId on ${name}`, { timeout: 30_000 }, () => {
    const opened: Array<{ app: LiftoffApp; store: Store }> = [];
    const start = async (edge: Edge = {}) => {
      const store = open();
      const app = testApp({ store, bootstrap: false, edge });
      opened.push({ app, store });
      await app.ready();
      return { app, store };
    };
    afterEach(async () => {
      for (const { app, store } of opened.splice(0)) {
        await app.close();
        await store.close();
      }
    });

    it("stores a request sent three times once and answers each send as the first", async () => {
      const { app, store } = await start();
      const requestId = randomUUID();
      // No identity cookie: the first answer mints an ECID, and the retries must repeat it.
      const body = { events: [pageView("retry:1"), pageView("retry:2")] };
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await post(app, "v1/interact", body, { query: queryFor(requestId) }));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(answers[1]!.body).toBe(answers[0]!.body);
      expect(answers[2]!.body).toBe(answers[0]!.body);
      expect(ecidOf(answers[2]!.body)).toBe(ecidOf(answers[0]!.body));
      expect(await store.events.count({ requestId })).toBe(2);

      // collect (alloy's beacons) likewise: 204 each time, stored once.
      const beacon = randomUUID();
      const collected = [];
      for (let i = 0; i < 3; i++)
        collected.push(
          await post(
            app,
            "v1/collect",
            { events: [pageView("beacon")] },
            { query: queryFor(beacon) },
          ),
        );
      expect(collected.map((a) => [a.statusCode, a.body])).toEqual([
        [204, ""],
        [204, ""],
        [204, ""],
      ]);
      expect(await store.events.count({ requestId: beacon })).toBe(1);
    });

    it("answers concurrent sends of one request from one stored set", async () => {
      const { app, store } = await start();
      const requestId = randomUUID();
      const body = { events: [pageView("together")] };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          post(app, "v1/interact", body, { query: queryFor(requestId) }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await store.events.count({ requestId })).toBe(1);
    });

    it("refuses a different request that reuses a stored requestId, naming requestId", async () => {
      const { app, store } = await start();
      const requestId = randomUUID();
      const query = queryFor(requestId);
      expect(
        (await post(app, "v1/interact", { events: [pageView("a")] }, { query })).statusCode,
      ).toBe(200);
      for (const [path, body] of [
        ["v1/interact", { events: [pageView("b")] }],
        ["v1/collect", { events: [pageView("a")] }],
      ] as const) {
        const res = await post(app, path, body, { query });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          type: "urn:liftoff:errors:EXEG-0210-400",
          requestId,
          errors: [{ path: "requestId" }],
        });
        expect(res.json<{ detail: string }>().detail).toMatch(/already used by another request/);
      }
      expect((await store.events.list({ requestId })).map((e) => e.pageName)).toEqual(["a"]);
    });

    it("stores a request without a requestId every time it arrives", async () => {
      const { app, store } = await start();
      const body = { events: [pageView("unnamed")] };
      for (let i = 0; i < 3; i++)
        expect((await post(app, "v1/interact", body, { query: `configId=${DS}` })).statusCode).toBe(
          200,
        );
      expect(await store.events.count({ datastreamId: DS })).toBe(3);
    });

    it("answers retries within the window, stores the request again after it, and sweeps old keys", async () => {
      let now = Date.parse("2026-11-21T10:00:00.000Z");
      const { app, store } = await start({ retryWindowMs: 60_000, now: () => now });
      const requestId = randomUUID();
      const send = () =>
        post(app, "v1/interact", { events: [pageView("window")] }, { query: queryFor(requestId) });
      const first = await send();
      now += 59_999;
      const retry = await send();
      expect(retry.body).toBe(first.body);
      expect(await store.events.count({ requestId })).toBe(1);
      // A whole window after the first: a new request with a reused id, stored again.
      now += 1;
      const later = await send();
      expect(later.statusCode).toBe(200);
      expect(ecidOf(later.body)).not.toBe(ecidOf(first.body));
      expect(await store.events.count({ requestId })).toBe(2);
      // Its key starts a new window; the sweep removes keys only once they leave theirs.
      expect(await store.events.removeRequestKeysBefore(new Date(now))).toBe(0);
      expect((await send()).body).toBe(later.body);
      expect(await store.events.removeRequestKeysBefore(new Date(now + 1))).toBe(1);
      expect(await store.events.count({ requestId })).toBe(2);
    });
  });

describe("edge retries across two nodes on one PostgreSQL", { timeout: 30_000 }, () => {
  const apps: LiftoffApp[] = [];
  const stores: Store[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const store of stores.splice(0)) await store.close();
  });

  /** Two nodes on one database (one schema), each with its own pool, as two processes have. */
  async function twoNodes(schema: string): Promise<[LiftoffApp, LiftoffApp]> {
    const nodes = [0, 1].map(() => {
      const store = new PostgresStore(cluster.url(), { schema, max: 4 });
      stores.push(store);
      const app = testApp({ store, bootstrap: false });
      apps.push(app);
      return app;
    });
    await Promise.all(nodes.map((app) => app.ready()));
    return [nodes[0]!, nodes[1]!];
  }

  it("stores one set for a request sent to both nodes at once, and both answer alike", async () => {
    const [a, b] = await twoNodes(cluster.schema("nodes"));
    const ids = Array.from({ length: 40 }, () => randomUUID());
    for (const requestId of ids) {
      const body = { events: [pageView(`both:${requestId}`)] };
      const [onA, onB] = await Promise.all(
        [a, b].map((app) => post(app, "v1/interact", body, { query: queryFor(requestId) })),
      );
      expect([onA!.statusCode, onB!.statusCode]).toEqual([200, 200]);
      expect(onB!.body).toBe(onA!.body);
    }
    const rows = await a.store.events.list({ datastreamId: DS, limit: 1000 });
    const perId = new Map<string, number>();
    for (const e of rows) perId.set(e.requestId, (perId.get(e.requestId) ?? 0) + 1);
    expect(ids.filter((id) => perId.get(id) !== 1)).toEqual([]);
  });

  it("a node waits for another node's uncommitted key, then answers from it or stores", async () => {
    const schema = cluster.schema("wait");
    const [, b] = await twoNodes(schema);
    const other = new pg.Client({ connectionString: cluster.url() });
    await other.connect();
    try {
      await other.query(`SET search_path TO ${schema}`);
      const watcher = new pg.Client({ connectionString: cluster.url() });
      await watcher.connect();
      // The sentinel: node B's insert is blocked on the other transaction's key.
      // PostgreSQL announces no lock wait, so the condition is asked of pg_stat_activity
      // until it holds (vi.waitFor fails the test if it never does).
      const blocked = () =>
        vi.waitFor(
          async () => {
            const { rows } = await watcher.query(
              `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'
               AND query LIKE 'INSERT INTO request_keys%'`,
            );
            if (rows.length === 0) throw new Error("node B's insert is not waiting yet");
          },
          { timeout: 20_000, interval: 10 },
        );
      const body = JSON.stringify({ events: [pageView("waited")] });
      const hold = async (requestId: string, ecid: string) => {
        await other.query("BEGIN");
        await other.query(
          `INSERT INTO request_keys (datastream_id, request_id, fingerprint, ecid, received_ms)
           VALUES ($1, $2, $3, $4, $5)`,
          [DS, requestId, requestFingerprint("interact", body), ecid, Date.now()],
        );
      };
      try {
        // The other node commits: B answers with that node's ECID and stores nothing.
        const committed = randomUUID();
        const theirs = "12345678901234567890123456789012345678";
        await hold(committed, theirs);
        const pending = post(b, "v1/interact", body, { query: queryFor(committed) });
        await blocked();
        await other.query("COMMIT");
        const answer = await pending;
        expect(answer.statusCode).toBe(200);
        expect(ecidOf(answer.body)).toBe(theirs);
        expect(await b.store.events.count({ requestId: committed })).toBe(0);

        // The other node rolls back: B stores the request itself.
        const rolledBack = randomUUID();
        await hold(rolledBack, theirs);
        const stored = post(b, "v1/interact", body, { query: queryFor(rolledBack) });
        await blocked();
        await other.query("ROLLBACK");
        const own = await stored;
        expect(own.statusCode).toBe(200);
        expect(ecidOf(own.body)).not.toBe(theirs);
        expect(await b.store.events.count({ requestId: rolledBack })).toBe(1);
      } finally {
        await watcher.end();
      }
    } finally {
      await other.end();
    }
  });
});
