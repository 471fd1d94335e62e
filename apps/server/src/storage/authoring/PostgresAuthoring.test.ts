import type { LibraryInfo } from "@liftoff/schema";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, fixtureDocument, signIn } from "../../api/testSupport.ts";
import createApp from "../../createApp.ts";
import useTestPostgres from "../testPostgres.ts";
import { latestVersion, migrations } from "../migrations.ts";
import { PostgresStore } from "../PostgresStore.ts";
import authoringContract from "./authoringContract.ts";
import { expectV3AuthoringKept, v3AuthoringRows } from "./v3Authoring.ts";

const cluster = useTestPostgres();
authoringContract("PostgreSQL", () =>
  Promise.resolve(
    new PostgresStore(cluster.url(), { schema: cluster.schema("authoring"), max: 2 }),
  ),
);

describe("the studio API on PostgreSQL", () => {
  it("seeds, edits under the settings' own lock and publishes, serving the library from PostgreSQL", async () => {
    const store = new PostgresStore(cluster.url(), {
      schema: cluster.schema("authoring_api"),
      max: 4,
    });
    const app = createApp({
      store,
      rateLimitPerSecond: 0,
      auth: { adminPassword: ADMIN_PASSWORD, print: () => undefined },
      seedDocument: () => Promise.resolve(fixtureDocument()),
    });
    try {
      await app.ready();
      const admin = await signIn(app, "admin", ADMIN_PASSWORD);
      const production = await app.inject({ url: "/libs/PRfixture/PRfixtureprod/launch.min.js" });
      expect(production.statusCode).toBe(200);
      const P = "/api/properties/PRfixture";
      const renamed = await admin.call("PUT", `${P}/settings`, { revision: 1, name: "On PG" });
      expect(renamed.statusCode).toBe(200);
      expect(
        (await admin.call("PUT", `${P}/settings`, { revision: 1, name: "Stale" })).json(),
      ).toMatchObject({
        status: 409,
        type: "urn:liftoff:errors:api:edit-conflict",
        conflict: { resource: { kind: "settings" }, currentRevision: 2, changedBy: "admin" },
      });
      const lib = (
        await admin.call("POST", `${P}/libraries`, {
          name: "Two",
          environmentId: "PRfixturedev",
          // No rule changed: the library holds nothing, and its builds still take the
          // property's settings as they are now (the new name).
          addAllChanged: true,
        })
      ).json<LibraryInfo>();
      for (const step of ["build", "submit", "approve", "publish"])
        expect((await admin.call("POST", `${P}/libraries/${lib.id}/${step}`)).statusCode).toBe(200);
      const after = await app.inject({ url: "/libs/PRfixture/PRfixtureprod/launch.min.js" });
      expect(after.headers.etag).not.toBe(production.headers.etag);
      expect(after.body).toContain("On PG");
    } finally {
      await app.close();
      await store.close();
    }
  }, 30_000);
});

describe("PostgreSQL migration 4", () => {
  it("turns whole-document revisions into resource revisions and old libraries into resource sets", async () => {
    const schema = cluster.schema("v3");
    const client = new pg.Client({
      connectionString: cluster.url(),
      options: `-c search_path=${schema}`,
    });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`CREATE TABLE schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`);
      for (const m of migrations.filter((m) => m.version <= 3)) {
        await client.query(m.postgres);
        await client.query("INSERT INTO schema_migrations VALUES ($1, $2, now())", [
          m.version,
          m.name,
        ]);
      }
      for (const row of v3AuthoringRows) {
        let i = 0;
        await client.query(
          row.sql.replace(/\?/g, () => `$${++i}`),
          row.params,
        );
      }
    } finally {
      await client.end();
    }
    const store = new PostgresStore(cluster.url(), { schema, max: 2 });
    try {
      expect(await store.migrate()).toBe(latestVersion);
      await expectV3AuthoringKept(store);
    } finally {
      await store.close();
    }
  });
});
