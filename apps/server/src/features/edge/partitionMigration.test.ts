import pg from "pg";
import { describe, expect, it } from "vitest";
import { PostgresStore } from "../../store/PostgresStore.ts";
import { sampleEvent } from "../../store/storeContract.ts";
import useTestPostgres from "../../db/testPostgres.ts";

const cluster = useTestPostgres();

/** A client on one schema, for looking at the tables behind a store. */
async function inspect<T>(schema: string, look: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    await client.query(`SET search_path = ${schema}`);
    return await look(client);
  } finally {
    await client.end();
  }
}

const partitionsOf = (schema: string, table: string) =>
  inspect(schema, async (client) =>
    (
      await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = '${table}'::regclass ORDER BY 1`,
      )
    ).rows.map((r) => r.name),
  );

const at = (iso: string, requestId: string) =>
  sampleEvent({ receivedAt: new Date(iso), requestId, pageName: requestId });

describe("PostgreSQL migration 7: events partitioned by day", () => {
  it("moves a version-6 database's events and bodies into day partitions, ids carrying on", async () => {
    const schema = cluster.schema("p7");
    const store = new PostgresStore(cluster.url(), { schema, max: 2 });
    try {
      await store.migrate(6);
      // Rows as version 6 wrote them: one body for request "a" (two events), one for "b".
      await inspect(schema, async (client) => {
        const body = JSON.stringify({ events: [{ xdm: { n: 1 } }, { xdm: { n: 2 } }] });
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO requests (request_id, body) VALUES ('a', $1), ('b', $1) RETURNING id`,
          [body],
        );
        const [a, b] = rows.map((r) => r.id);
        await client.query(
          `INSERT INTO events (request_row, event_index, received_at, datastream_id, property_id,
           environment_id, ecid, page_name) VALUES
           ($1, 0, '2026-11-01T23:59:59Z', 'ds-1', 'PR1', 'EN1', 'v', 'a0'),
           ($1, 1, '2026-11-01T23:59:59Z', 'ds-1', 'PR1', 'EN1', 'v', 'a1'),
           ($2, 0, '2026-11-02T00:00:00Z', 'ds-1', 'PR1', 'EN1', 'v', 'b0')`,
          [a, b],
        );
      });
      const before = await store.events.list();
      expect(before.map((e) => [e.pageName, e.xdm])).toEqual([
        ["b0", { n: 1 }],
        ["a1", { n: 2 }],
        ["a0", { n: 1 }],
      ]);
      expect(await store.migrate()).toBeGreaterThanOrEqual(7);
      expect(await partitionsOf(schema, "events")).toEqual([
        "events_p20261101",
        "events_p20261102",
      ]);
      expect(await partitionsOf(schema, "requests")).toEqual([
        "requests_p20261101",
        "requests_p20261102",
      ]);
      expect(await store.events.list()).toEqual(before);
      await store.events.appendBatch([at("2026-11-03T08:00:00.000Z", "c")]);
      const [latest] = await store.events.list({ limit: 1 });
      expect(latest!.id).toBe(Math.max(...before.map((e) => e.id)) + 1);
      expect(await store.events.count({ requestId: "a" })).toBe(2);
    } finally {
      await store.close();
    }
  });

  it("drops whole partitions; a node whose cached day was dropped elsewhere makes it again", async () => {
    const schema = cluster.schema("p7r");
    const nodeA = new PostgresStore(cluster.url(), { schema, max: 2 });
    const nodeB = new PostgresStore(cluster.url(), { schema, max: 2 });
    try {
      await nodeA.migrate();
      await nodeB.migrate();
      await nodeA.events.appendBatch([
        at("2026-11-01T10:00:00.000Z", "old"),
        at("2026-11-05T10:00:00.000Z", "new"),
      ]);
      expect(await nodeB.events.removeBefore(new Date("2026-11-05T00:00:00.000Z"))).toEqual([
        "2026-11-01",
      ]);
      expect(await partitionsOf(schema, "events")).toEqual(["events_p20261105"]);
      expect(await partitionsOf(schema, "requests")).toEqual(["requests_p20261105"]);
      // Node A still believes 2026-11-01 exists: its insert fails once, then it re-creates it.
      await nodeA.events.appendBatch([at("2026-11-01T11:00:00.000Z", "late")]);
      expect((await nodeB.events.list()).map((e) => e.requestId)).toEqual(["late", "new"]);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });

  it("makes and drops days while a long report holds the tables, without stalling inserts", async () => {
    const schema = cluster.schema("p7l");
    const store = new PostgresStore(cluster.url(), { schema, max: 4 });
    const report = new pg.Client({ connectionString: cluster.url() });
    await report.connect();
    try {
      await store.migrate();
      await store.events.appendBatch([at("2026-11-01T10:00:00.000Z", "old")]);
      await report.query(`SET search_path = ${schema}`);
      await report.query("BEGIN");
      await report.query("SELECT COUNT(*) FROM events");
      // Bounded waits: each of these must finish while the report's transaction is open.
      const within = <T>(what: string, work: Promise<T>) =>
        Promise.race([
          work,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`${what} waited for the report`)), 4_000),
          ),
        ]);
      await within("a new day", store.events.appendBatch([at("2026-11-05T10:00:00.000Z", "new")]));
      const removal = store.events.removeBefore(new Date("2026-11-02T00:00:00.000Z"));
      await within(
        "an insert during retention",
        store.events.appendBatch([at("2026-11-05T11:00:00.000Z", "during")]),
      );
      await report.query("COMMIT");
      expect(await removal).toEqual(["2026-11-01"]);
      expect((await store.events.list()).map((e) => e.requestId)).toEqual(["during", "new"]);
    } finally {
      await report.end();
      await store.close();
    }
  });

  it("lets two nodes create the same new day at once", async () => {
    const schema = cluster.schema("p7c");
    const nodes = [0, 1].map(() => new PostgresStore(cluster.url(), { schema, max: 2 }));
    try {
      await nodes[0]!.migrate();
      await nodes[1]!.migrate();
      await Promise.all(
        nodes.map((node, i) =>
          node.events.appendBatch([at("2026-12-24T09:00:00.000Z", `node-${i}`)]),
        ),
      );
      expect(await nodes[0]!.events.count()).toBe(2);
      expect(await partitionsOf(schema, "events")).toEqual(["events_p20261224"]);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});
