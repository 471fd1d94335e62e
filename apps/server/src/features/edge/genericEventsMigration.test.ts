import { afterEach, describe, expect, it } from "vitest";
import type Database from "better-sqlite3";
import type pg from "pg";
import { PostgresStore } from "../../store/PostgresStore.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import type { Store } from "../../store/Store.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { latestVersion } from "../../store/migrations.ts";
import {
  expectedReports,
  PC_MARKETING_REPORTS,
  pcMarketingReport,
  reportEvents,
  reportScope,
} from "../../store/storeContract.ts";

// Migration 12: a database the previous releases made (version 11, with the three columns
// holding pc-marketing's eVar7, eVar15 and eVar9) ends with the schema a new database has,
// and pc-marketing's reports, now read through its mapping, answer what they answered from
// the columns: the request bodies kept every value.
const OLD_COLUMNS = ["search_term", "device_type", "download_name"];

type Migratable = Store & { migrate(upTo?: number): Promise<number> };

interface Access {
  columns(): Promise<string[]>;
  run(sql: string): Promise<void>;
}

async function upgrade(
  store: Migratable,
  fresh: Migratable,
  db: Access,
  before: () => Promise<void> = () => Promise.resolve(),
  after: () => Promise<void> = () => Promise.resolve(),
) {
  await store.migrate(11);
  // The columns as the released migrations 2 and 7 made them (this code's no longer do).
  for (const column of OLD_COLUMNS) await db.run(`ALTER TABLE events ADD COLUMN ${column} TEXT`);
  await store.events.appendBatch(reportEvents);
  // What the old edge wrote: the columns filled on the events that carried the eVars.
  await db.run(`UPDATE events SET search_term = 'old', device_type = 'old', download_name = 'old'`);
  await before();
  expect(await db.columns()).toEqual(expect.arrayContaining(OLD_COLUMNS));
  expect(await store.migrate()).toBe(latestVersion);
  await after();

  await fresh.migrate();
  const freshColumns = await columnsOf(fresh);
  expect(await db.columns()).toEqual(freshColumns);
  for (const column of OLD_COLUMNS) expect(freshColumns).not.toContain(column);

  for (const [report, expected] of Object.entries(expectedReports)) {
    const query = PC_MARKETING_REPORTS.includes(report) ? pcMarketingReport(report) : { report };
    expect({ report, ...(await store.reports.report({ ...query, ...reportScope })) }).toEqual({
      report,
      ...expected,
    });
  }
  // New events go in beside the migrated ones.
  await store.events.appendBatch(reportEvents.slice(0, 1));
  expect(await store.events.count()).toBe(reportEvents.length + 1);
}

let columnsOf: (store: Store) => Promise<string[]>;

describe("migration 12: events keep generic columns only", () => {
  let close: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const done of close) await done();
    close = [];
  });

  it("SQLite: drops the old customer columns; pc-marketing's reports answer as before", async () => {
    const open = () => {
      const store = new SqliteStore(":memory:");
      close.push(() => store.close());
      return store;
    };
    const dbOf = (store: Store) => (store as unknown as { db: Database.Database }).db;
    columnsOf = (store) =>
      Promise.resolve(
        (
          dbOf(store).prepare("SELECT name FROM pragma_table_info('events')").all() as Array<{
            name: string;
          }>
        ).map((r) => r.name),
      );
    const store = open();
    await upgrade(store, open(), {
      columns: () => columnsOf(store),
      run: (sql) => {
        dbOf(store).prepare(sql).run();
        return Promise.resolve();
      },
    });
  });

  const cluster = useTestPostgres();
  it("PostgreSQL: drops them from every day partition and the old reports' rollups", async () => {
    const open = (name: string) => {
      const store = new PostgresStore(cluster.url(), { schema: cluster.schema(name), max: 2 });
      close.push(() => store.close());
      return store;
    };
    const poolOf = (store: Store) => (store as unknown as { pool: pg.Pool }).pool;
    const columnsIn = async (store: Store, table: string) =>
      (
        await poolOf(store).query<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
          [table],
        )
      ).rows.map((r) => r.name);
    columnsOf = (store) => columnsIn(store, "events");
    const store = open("v12");
    const insertRollups = async () => {
      // Rollups of reports built in before version 12 and of one still built in (after the
      // events: storing events for a rolled-up day drops its rollups).
      for (const report of ["searchTerms", "deviceTypes", "topPages"]) {
        await poolOf(store).query(
          "INSERT INTO report_rollup_periods VALUES ('2026-11-20T00:00:00Z', 24, $1, 'f', now())",
          [report],
        );
        await poolOf(store).query(
          `INSERT INTO report_rollups VALUES ('2026-11-20T00:00:00Z', 24, $1, 'PR1', 'EN1', 'x',
             '{1}', '{1}', '{}')`,
          [report],
        );
      }
    };
    await upgrade(
      store,
      open("fresh"),
      {
        columns: () => columnsOf(store),
        run: async (sql) => {
          await poolOf(store).query(sql);
        },
      },
      insertRollups,
      async () => {
        const left = await poolOf(store).query<{ report: string }>(
          `SELECT report FROM report_rollup_periods UNION SELECT report FROM report_rollups`,
        );
        expect(left.rows.map((r) => r.report)).toEqual(["topPages"]);
      },
    );
    // Every day partition lost the columns with the partitioned table.
    const { rows } = await poolOf(store).query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'events'::regclass`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { name } of rows)
      expect(await columnsIn(store, name)).toEqual(await columnsOf(store));
  });
});
