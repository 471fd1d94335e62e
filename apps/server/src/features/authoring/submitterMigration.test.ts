import { afterEach, describe, expect, it } from "vitest";
import { PostgresStore } from "../../store/PostgresStore.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import type { Store } from "../../store/Store.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { postgresClient, sqliteClient, type SqlClient } from "../../db/SqlClient.ts";

// Migration 10: libraries of a version-9 database take their submitter from the audit log's
// latest `library.submit` of that library (not another library's, not another property's,
// not a later approve); a library with no such entry keeps none.
const PID = "PRsod";

async function upgrade(store: Store & { migrate(upTo?: number): Promise<number> }, sql: SqlClient) {
  await store.migrate(9);
  const library = (id: string, state: string, property = PID) => ({
    sql: `INSERT INTO resource_libraries (id, property_id, name, state, environment_id, created_at,
          created_by, builds, published_at, resources, resolved)
          VALUES (?, ?, ?, ?, NULL, ?, 'erin', '[]', NULL, '[]', NULL)`,
    params: [id, property, id, state, "2026-11-01T09:00:00.000Z"],
  });
  const audit = (at: string, user: string, action: string, target: string, property = PID) => ({
    sql: `INSERT INTO audit_log (at, user_name, action, property_id, target, detail)
          VALUES (?, ?, ?, ?, ?, '{}')`,
    params: [at, user, action, property, target],
  });
  expect(
    await sql.transaction([
      { sql: "INSERT INTO properties (id, name, revision) VALUES (?, 'SoD', 0)", params: [PID] },
      {
        sql: "INSERT INTO properties (id, name, revision) VALUES (?, 'Other', 0)",
        params: ["PRother"],
      },
      library("LBapproved", "approved"),
      library("LBresubmitted", "submitted"),
      library("LBdev", "development"),
      library("LBnolog", "submitted"),
      library("LBother", "submitted", "PRother"),
      audit("2026-11-01T10:00:00.000Z", "sam", "library.submit", "LBapproved"),
      audit("2026-11-01T10:05:00.000Z", "kim", "library.approve", "LBapproved"),
      audit("2026-11-01T10:00:00.000Z", "sam", "library.submit", "LBresubmitted"),
      audit("2026-11-01T10:10:00.000Z", "sam", "library.reject", "LBresubmitted"),
      audit("2026-11-01T10:20:00.000Z", "erin", "library.submit", "LBresubmitted"),
      audit("2026-11-01T10:30:00.000Z", "lee", "library.submit", "LBother", "PRother"),
      // The same target id under another property is not this library's.
      audit("2026-11-01T10:40:00.000Z", "zed", "library.submit", "LBapproved", "PRother"),
    ]),
  ).toBe(true);
  await store.migrate();

  const submitter = async (id: string, property = PID) => {
    const l = (await store.authoring.getLibrary(property, id))!;
    return [l.submittedBy, l.submittedAt];
  };
  expect(await submitter("LBapproved")).toEqual(["sam", "2026-11-01T10:00:00.000Z"]);
  expect(await submitter("LBresubmitted")).toEqual(["erin", "2026-11-01T10:20:00.000Z"]);
  expect(await submitter("LBother", "PRother")).toEqual(["lee", "2026-11-01T10:30:00.000Z"]);
  expect(await submitter("LBnolog")).toEqual([undefined, undefined]);
  expect(await submitter("LBdev")).toEqual([undefined, undefined]);
}

describe("migration 10: libraries record who submitted them", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("SQLite: fills the submitter of each library from its latest submit in the audit log", async () => {
    const store = new SqliteStore(":memory:");
    close = () => store.close();
    const db = (store as unknown as { db: Parameters<typeof sqliteClient>[0] }).db;
    await upgrade(store, sqliteClient(db));
  });

  const cluster = useTestPostgres();
  it("PostgreSQL: fills the submitter of each library from its latest submit in the audit log", async () => {
    const store = new PostgresStore(cluster.url(), { schema: cluster.schema("sod"), max: 2 });
    close = () => store.close();
    const pool = (store as unknown as { pool: Parameters<typeof postgresClient>[0] }).pool;
    await upgrade(store, postgresClient(pool));
  }, 60_000);
});
