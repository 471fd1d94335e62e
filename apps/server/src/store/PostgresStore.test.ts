import { describe, expect, it } from "vitest";
import createApp from "../main/createApp.ts";
import { pageView, post, testDatastreams } from "../main/testApp.ts";
import useTestPostgres from "../db/testPostgres.ts";
import { ADMIN_PASSWORD, apiApp, signIn } from "../main/testSupport.ts";
import { UNSTORABLE_MESSAGE } from "../http/unstorableStrings.ts";
import { PostgresStore } from "./PostgresStore.ts";
import pg from "pg";
import { latestVersion, migrations } from "./migrations.ts";
import storeContract, { expectV1EventsKept, v1Events } from "./storeContract.ts";

const cluster = useTestPostgres();
storeContract("PostgreSQL", () =>
  Promise.resolve(new PostgresStore(cluster.url(), { schema: cluster.schema("t"), max: 2 })),
);

describe("the edge on PostgreSQL", () => {
  it("stores interact events and answers collect only after the commit", async () => {
    const store = new PostgresStore(cluster.url(), { schema: cluster.schema("edge"), max: 2 });
    const app = createApp({ store, rateLimitPerSecond: 0, bootstrap: false });
    try {
      // The app starts with no datastream; the edge tests' own, once migrated.
      await app.ready();
      for (const datastream of testDatastreams) await store.datastreams.put(datastream);
      const interact = await post(app, "v1/interact", {
        events: [pageView("pg:1"), pageView("pg:2")],
      });
      expect(interact.statusCode).toBe(200);
      const collect = await post(app, "v1/collect", { events: [pageView("pg:3")] });
      expect(collect.statusCode).toBe(204);
      const names = (await store.events.list()).map((e) => e.pageName).sort();
      expect(names).toEqual(["pg:1", "pg:2", "pg:3"]);
      const bad = await post(app, "v1/interact", '{"events":[{"xdm":{},"data":{"s":"\\u0000"}}]}');
      expect(bad.statusCode).toBe(400);
      expect(await store.events.count()).toBe(3);
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe("the studio API on PostgreSQL", () => {
  it("refuses NUL and lone surrogates as SQLite does (400 naming the field, never a 500)", async () => {
    const store = new PostgresStore(cluster.url(), { schema: cluster.schema("api"), max: 2 });
    const app = apiApp({ store });
    try {
      const admin = await signIn(app, "admin", ADMIN_PASSWORD);
      const create = (payload: string) =>
        admin.call("POST", "/api/properties", payload, { "content-type": "application/json" });
      for (const name of ["a\\u0000b", "\\ud800"]) {
        const res = await create(`{"name":"${name}"}`);
        expect(res.statusCode, name).toBe(400);
        expect(res.json<{ errors: unknown[] }>().errors).toEqual([
          { path: "name", message: UNSTORABLE_MESSAGE },
        ]);
      }
      const audit = await admin.call("GET", "/api/audit?propertyId=PR%00");
      expect(audit.statusCode).toBe(400);
      expect(await store.authoring.listProperties()).toEqual([]);
      // What the rule accepts is stored and read back as sent.
      const name = "a\uFFFDb\u0001 \u{1F600}";
      const created = await create(JSON.stringify({ name }));
      expect(created.statusCode).toBe(201);
      expect((await store.authoring.listProperties())[0]!.name).toBe(name);
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe("PostgreSQL migration 2", () => {
  it("upgrades a version-1 database without losing events", async () => {
    const schema = cluster.schema("v1");
    const client = new pg.Client({
      connectionString: cluster.url(),
      options: `-c search_path=${schema}`,
    });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`CREATE TABLE schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`);
      await client.query(migrations[0]!.postgres);
      await client.query("INSERT INTO schema_migrations VALUES (1, 'v1', now())");
      for (const e of v1Events)
        await client.query(
          `INSERT INTO events (received_at, request_id, datastream_id, property_id,
           environment_id, ecid, event_type, xdm, data, page_name, event_numbers)
           VALUES ($1, $2, 'ds-1', 'PR1', 'EN1', 'ecid-1', $3, $4, $5, $6, $7)`,
          [
            e.receivedAt,
            e.requestId,
            e.eventType,
            JSON.stringify(e.xdm),
            e.data === null ? null : JSON.stringify(e.data),
            e.pageName,
            e.eventNumbers,
          ],
        );
    } finally {
      await client.end();
    }
    const store = new PostgresStore(cluster.url(), { schema, max: 2 });
    try {
      expect(await store.migrate()).toBe(latestVersion);
      await expectV1EventsKept(store);
    } finally {
      await store.close();
    }
  });
});
