import type pg from "pg";

/** The UTC day of a time, `YYYY-MM-DD`. */
export const utcDay = (time: Date): string => time.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;
const PARTITIONED = ["events", "requests"] as const;
/** `events_p20261121`: the partition names migration 7 and this class both use. */
const partitionOf = (table: string, day: string) => `${table}_p${day.replaceAll("-", "")}`;
const DAY_TABLE = /^(?:events|requests)_p(\d{4})(\d{2})(\d{2})$/;

const codeOf = (error: unknown) => (error as { code?: string }).code ?? "";
// 42P07 duplicate_table, 42710 duplicate_object ("type … already exists": the table's row
// type, created with it), 23505 unique_violation (pg_type): another node created the same
// table between our IF NOT EXISTS check and our create. It exists either way.
const CREATED_ELSEWHERE = new Set(["42P07", "42710", "23505"]);

/** An insert failed because no partition holds its day (one was dropped while cached). */
export const isMissingPartition = (error: unknown): boolean =>
  error instanceof Error &&
  codeOf(error) === "23514" &&
  /no partition of relation/.test(error.message);

/**
 * The day partitions of `events` and `requests` in PostgreSQL (migration 7). A day's pair is
 * created on demand, before the first insert that needs it, and remembered so a batch costs
 * nothing extra afterwards; retention drops whole pairs.
 *
 * Neither path takes an ACCESS EXCLUSIVE lock on the parent tables: `CREATE TABLE … PARTITION
 * OF` and `DROP TABLE` of a partition would, and would then wait behind any running report
 * while every insert queued behind them. A day is made as a plain table and attached (SHARE
 * UPDATE EXCLUSIVE, which reads and inserts do not conflict with; the parent's indexes are
 * added to it then), and dropped after `DETACH PARTITION … CONCURRENTLY`, which waits for the
 * queries that still see it without blocking new ones.
 */
export class DayPartitions {
  private readonly known = new Set<string>();

  constructor(private readonly pool: pg.Pool) {}

  /** Makes sure every day of `times` has its partitions. */
  async ensure(times: Iterable<Date>): Promise<void> {
    const days = new Set<string>();
    for (const t of times) days.add(utcDay(t));
    for (const day of days) if (!this.known.has(day)) await this.create(day);
  }

  /** Forgets what it knew (a partition may have been dropped by another node). */
  forget(): void {
    this.known.clear();
  }

  private async create(day: string): Promise<void> {
    const from = `${day} 00:00:00+00`;
    const to = `${utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS))} 00:00:00+00`;
    for (const table of PARTITIONED) {
      const name = partitionOf(table, day);
      try {
        await this.pool.query(
          `CREATE TABLE IF NOT EXISTS ${name} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
        );
      } catch (error) {
        if (!CREATED_ELSEWHERE.has(codeOf(error))) throw error;
      }
      if (await this.attached(table, name)) continue;
      try {
        await this.pool.query(
          `ALTER TABLE ${table} ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}')`,
        );
      } catch (error) {
        // Another node attached it first.
        if (!(await this.attached(table, name))) throw error;
      }
    }
    this.known.add(day);
  }

  private async attached(table: string, name: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      `SELECT 1 FROM pg_inherits WHERE inhparent = $1::regclass AND inhrelid = $2::regclass`,
      [table, name],
    );
    return rows.length > 0;
  }

  /**
   * Drops the partitions of every day before `cutoff`'s day; returns those days. Day tables
   * a stopped run left detached are found by name and dropped too.
   */
  async dropBefore(cutoff: Date): Promise<string[]> {
    const { rows } = await this.pool.query<{ name: string; parent: string | null }>(
      `SELECT c.relname AS name, p.relname AS parent FROM pg_class c
       LEFT JOIN pg_inherits i ON i.inhrelid = c.oid LEFT JOIN pg_class p ON p.oid = i.inhparent
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
       AND c.relname ~ '^(events|requests)_p[0-9]{8}$'`,
    );
    const limit = utcDay(cutoff);
    const old = rows
      .map((r) => ({ ...r, match: DAY_TABLE.exec(r.name) }))
      .filter((r) => r.match !== null)
      .map((r) => ({ ...r, day: `${r.match![1]}-${r.match![2]}-${r.match![3]}` }))
      .filter((r) => r.day < limit)
      // Events first: a request body outlives its events for a moment, never the reverse.
      .sort((a, b) => a.day.localeCompare(b.day) || a.name.localeCompare(b.name));
    for (const table of old) {
      if (table.parent !== null)
        await this.pool.query(
          `ALTER TABLE ${table.parent} DETACH PARTITION ${table.name} CONCURRENTLY`,
        );
      await this.pool.query(`DROP TABLE IF EXISTS ${table.name}`);
      this.known.delete(table.day);
    }
    return [...new Set(old.filter((t) => t.name.startsWith("events_")).map((t) => t.day))];
  }
}
