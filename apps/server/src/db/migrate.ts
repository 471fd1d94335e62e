import type Database from "better-sqlite3";
import type pg from "pg";
import { postgresMigrationDb, sqliteMigrationDb, type Row } from "./SqlClient.ts";

/**
 * A versioned schema migration. A migration is never edited once released: add a new one.
 * Each has a SQLite and a PostgreSQL form; both databases record applied versions in
 * `schema_migrations` and apply the missing ones in order, each in its own transaction.
 * Features own their migrations; `store/migrations.ts` lists them all in version order.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
  /**
   * Data work SQL cannot express, run after the SQL in the same transaction (reads and writes
   * with `?` placeholders, on either database).
   */
  transform?: (db: MigrationDb) => Promise<void>;
}

/** The connection a migration's transform works through, inside its transaction. */
export interface MigrationDb {
  all(sql: string, params?: unknown[]): Promise<Row[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
}

/**
 * Stops a node whose code is older than its database: another node was upgraded first and
 * migrated past what this one knows. Running on would write rows the newer schema does not
 * expect, so nothing is migrated and the node does not start.
 */
export function refuseNewerSchema(databaseVersion: number, migrations: Migration[]): void {
  const latest = latestVersion(migrations);
  if (databaseVersion <= latest) return;
  throw new Error(
    `the database is at schema version ${databaseVersion}, but this node knows versions up to ${latest}: ` +
      "another node was upgraded first; upgrade this node to the same Liftoff release, then start it",
  );
}

export const latestVersion = (migrations: Migration[]) =>
  Math.max(0, ...migrations.map((m) => m.version));

/** Which migrations to run: the missing ones, up to `upTo` when given (tests build old databases). */
function pending(migrations: Migration[], applied: Set<number>, upTo?: number): Migration[] {
  refuseNewerSchema(Math.max(0, ...applied), migrations);
  return migrations.filter(
    (m) => !applied.has(m.version) && (upTo === undefined || m.version <= upTo),
  );
}

/** Applies the pending migrations to a SQLite database; returns its version afterwards. */
export async function migrateSqlite(
  db: Database.Database,
  migrations: Migration[],
  upTo?: number,
): Promise<number> {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db
      .prepare("SELECT version FROM schema_migrations")
      .all()
      .map((r) => (r as { version: number }).version),
  );
  for (const m of pending(migrations, applied, upTo)) {
    // An explicit transaction (not db.transaction) so an async transform can run inside it;
    // nothing else uses the connection before the migration resolves.
    db.exec("BEGIN");
    try {
      db.exec(m.sqlite);
      if (m.transform) await m.transform(sqliteMigrationDb(db));
      db.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
  return sqliteSchemaVersion(db);
}

/** The highest migration a SQLite database records (0 before the first). */
export function sqliteSchemaVersion(db: Database.Database): number {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  if (!table) return 0;
  const row = db.prepare("SELECT MAX(version) AS v FROM schema_migrations").get() as {
    v: number | null;
  };
  return row.v ?? 0;
}

/**
 * Applies the pending migrations to a PostgreSQL database (in `schema` when given, created
 * if missing); returns its version afterwards. Several nodes may start at once: one
 * migrates, the others wait on the lock, taken first because two CREATE SCHEMA IF NOT
 * EXISTS at once can still collide.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: Migration[],
  options: { schema?: string; upTo?: number } = {},
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(7707)");
    try {
      if (options.schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`);
      const applied = new Set(
        (await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map(
          (r) => r.version,
        ),
      );
      for (const m of pending(migrations, applied, options.upTo)) {
        await client.query("BEGIN");
        try {
          await client.query(m.postgres);
          if (m.transform) await m.transform(postgresMigrationDb(client));
          await client.query("INSERT INTO schema_migrations VALUES ($1, $2, now())", [
            m.version,
            m.name,
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
      }
      const { rows } = await client.query<{ v: number | null }>(
        "SELECT MAX(version) AS v FROM schema_migrations",
      );
      return rows[0]?.v ?? 0;
    } finally {
      await client.query("SELECT pg_advisory_unlock(7707)");
    }
  } finally {
    client.release();
  }
}

/** The highest migration a PostgreSQL database records (0 before the first). */
export async function postgresSchemaVersion(pool: pg.Pool): Promise<number> {
  // to_regclass follows the search path: a store in its own schema reads its own table.
  const { rows } = await pool.query<{ present: string | null }>(
    "SELECT to_regclass('schema_migrations') AS present",
  );
  if (rows[0]?.present == null) return 0;
  const max = await pool.query<{ v: number | null }>(
    "SELECT MAX(version) AS v FROM schema_migrations",
  );
  return max.rows[0]?.v ?? 0;
}
