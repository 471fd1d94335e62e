import type Database from "better-sqlite3";
import type pg from "pg";

/** A row as the authoring repositories read it: times come back as ISO-8601 strings. */
export type Row = Record<string, unknown>;

/** One write of a transaction; `expect` makes the whole transaction roll back on a mismatch. */
export interface Step {
  sql: string;
  params: unknown[];
  /** The number of rows this statement must change (optimistic locks, state transitions). */
  expect?: number;
  /** A unique-index violation here means "someone else holds it": a mismatch, not an error. */
  uniqueIsMismatch?: boolean;
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return (
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    code === "23505"
  );
};

/**
 * The little SQL surface the authoring repositories need, so one implementation of each
 * repository serves SQLite and PostgreSQL. Statements use `?` placeholders; the PostgreSQL
 * client numbers them. Transactions are a list of writes rather than a callback: the SQLite
 * connection is shared with the event write queue, and an `await` inside an open SQLite
 * transaction would let event inserts slip into it (and be rolled back with it).
 */
export interface SqlClient {
  all(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs the steps in one transaction; false (and nothing written) when an `expect` failed. */
  transaction(steps: Step[]): Promise<boolean>;
}

const normalise = (row: Row): Row => {
  const out: Row = {};
  for (const [key, value] of Object.entries(row))
    out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
};

class StepMismatch extends Error {}

// Statements kept prepared per connection: preparing is a large share of a small query's
// cost, and the repositories repeat the same texts. Bounded, oldest out first.
const PREPARED_MAX = 256;

function preparedCache(db: Database.Database) {
  const cache = new Map<string, Database.Statement>();
  return (sql: string): Database.Statement => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (cache.size >= PREPARED_MAX) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    }
    return statement;
  };
}

export function sqliteClient(db: Database.Database): SqlClient {
  const prepare = preparedCache(db);
  return {
    all(sql, params = []) {
      try {
        const statement = prepare(sql);
        const rows = statement.reader ? (statement.all(...params) as Row[]) : [];
        if (!statement.reader) statement.run(...params);
        return Promise.resolve(rows);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    transaction(steps) {
      try {
        db.transaction(() => {
          for (const step of steps) {
            let changes: number;
            try {
              ({ changes } = prepare(step.sql).run(...step.params));
            } catch (error) {
              if (step.uniqueIsMismatch && isUniqueViolation(error)) throw new StepMismatch();
              throw error;
            }
            if (step.expect !== undefined && changes !== step.expect) throw new StepMismatch();
          }
        })();
        return Promise.resolve(true);
      } catch (error) {
        if (error instanceof StepMismatch) return Promise.resolve(false);
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

/** `?` → `$1, $2, …` (the authoring SQL never holds a literal question mark). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

export function postgresClient(pool: pg.Pool): SqlClient {
  return {
    async all(sql, params = []) {
      const { rows } = await pool.query<Row>(numbered(sql), params);
      return rows.map(normalise);
    },
    async transaction(steps) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        for (const step of steps) {
          let rowCount: number | null;
          try {
            ({ rowCount } = await client.query(numbered(step.sql), step.params));
          } catch (error) {
            if (!step.uniqueIsMismatch || !isUniqueViolation(error)) throw error;
            rowCount = -1;
          }
          if ((step.expect !== undefined && rowCount !== step.expect) || rowCount === -1) {
            await client.query("ROLLBACK");
            return false;
          }
        }
        await client.query("COMMIT");
        return true;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/** A migration transform's view of the SQLite connection (synchronous underneath). */
export function sqliteMigrationDb(db: Database.Database) {
  return {
    all: (sql: string, params: unknown[] = []) =>
      Promise.resolve(db.prepare(sql).all(...params) as Row[]),
    run: (sql: string, params: unknown[] = []) => {
      db.prepare(sql).run(...params);
      return Promise.resolve();
    },
  };
}

/** A migration transform's view of one PostgreSQL connection inside its transaction. */
export function postgresMigrationDb(client: pg.PoolClient) {
  return {
    all: async (sql: string, params: unknown[] = []) =>
      (await client.query<Row>(numbered(sql), params)).rows.map(normalise),
    run: async (sql: string, params: unknown[] = []) => {
      await client.query(numbered(sql), params);
    },
  };
}
