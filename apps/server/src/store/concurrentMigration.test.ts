import pg from "pg";
import { describe, expect, it } from "vitest";
import { latestVersion, migrations } from "./migrations.ts";
import { PostgresStore } from "./PostgresStore.ts";
import useTestPostgres from "../db/testPostgres.ts";

const cluster = useTestPostgres();

/** Each recorded version and how many rows record it. */
async function recorded(schema: string): Promise<Array<{ version: number; rows: number }>> {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: number; rows: string }>(
      `SELECT version, COUNT(*) AS rows FROM ${schema}.schema_migrations GROUP BY version ORDER BY version`,
    );
    return rows.map((r) => ({ version: r.version, rows: Number(r.rows) }));
  } finally {
    await client.end();
  }
}

const everyVersionOnce = migrations
  .map((m) => ({ version: m.version, rows: 1 }))
  .sort((a, b) => a.version - b.version);

/** Two nodes' stores on one database migrating at the same moment. */
async function migrateTogether(schema: string): Promise<number[]> {
  const nodes = [0, 1].map(() => new PostgresStore(cluster.url(), { schema, max: 2 }));
  try {
    return await Promise.all(nodes.map((store) => store.migrate()));
  } finally {
    await Promise.all(nodes.map((store) => store.close()));
  }
}

describe("nodes started together migrate PostgreSQL once (the advisory lock)", () => {
  it("a fresh database: every migration applied exactly once", async () => {
    const schema = cluster.schema("together");
    expect(await migrateTogether(schema)).toEqual([latestVersion, latestVersion]);
    expect(await recorded(schema)).toEqual(everyVersionOnce);
  });

  it("a version-1 database upgraded by two nodes at once", async () => {
    const schema = cluster.schema("upgrade");
    const old = new PostgresStore(cluster.url(), { schema, max: 1 });
    try {
      expect(await old.migrate(1)).toBe(1);
    } finally {
      await old.close();
    }
    expect(await recorded(schema)).toEqual([{ version: 1, rows: 1 }]);
    expect(await migrateTogether(schema)).toEqual([latestVersion, latestVersion]);
    expect(await recorded(schema)).toEqual(everyVersionOnce);
  });
});
