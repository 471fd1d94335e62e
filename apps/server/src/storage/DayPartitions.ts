import type pg from "pg";

/** The UTC day of a time, `YYYY-MM-DD`. */
export const utcDay = (time: Date): string => time.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;
const PARTITIONED = ["events", "requests"] as const;
/** `events_p20261121`: the partition names migration 7 and this class both use. */
const partitionOf = (table: string, day: string) => `${table}_p${day.replaceAll("-", "")}`;

// 42P07 duplicate_table, 23505 unique_violation (pg_type): another node created the same
// partition between our IF NOT EXISTS check and our create. It exists either way.
const CREATED_ELSEWHERE = new Set(["42P07", "23505"]);

/** An insert failed because no partition holds its day (one was dropped while cached). */
export const isMissingPartition = (error: unknown): boolean =>
  error instanceof Error &&
  (error as { code?: string }).code === "23514" &&
  /no partition of relation/.test(error.message);

/**
 * The day partitions of `events` and `requests` in PostgreSQL (migration 7). A day's pair is
 * created on demand, before the first insert that needs it, and remembered so a batch costs
 * nothing extra afterwards; retention drops whole pairs.
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
      try {
        await this.pool.query(
          `CREATE TABLE IF NOT EXISTS ${partitionOf(table, day)} PARTITION OF ${table}
           FOR VALUES FROM ('${from}') TO ('${to}')`,
        );
      } catch (error) {
        if (!CREATED_ELSEWHERE.has((error as { code?: string }).code ?? "")) throw error;
      }
    }
    this.known.add(day);
  }

  /** Drops the partitions of every day before `cutoff`'s day; returns those days. */
  async dropBefore(cutoff: Date): Promise<string[]> {
    const { rows } = await this.pool.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'events'::regclass`,
    );
    const limit = utcDay(cutoff);
    const days = rows
      .map((r) => /^events_p(\d{4})(\d{2})(\d{2})$/.exec(r.name))
      .filter((m) => m !== null)
      .map((m) => `${m[1]}-${m[2]}-${m[3]}`)
      .filter((day) => day < limit)
      .sort();
    for (const day of days) {
      // Events first: a request body outlives its events for a moment, never the reverse.
      for (const table of PARTITIONED)
        await this.pool.query(`DROP TABLE IF EXISTS ${partitionOf(table, day)}`);
      this.known.delete(day);
    }
    return days;
  }
}
