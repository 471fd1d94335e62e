import type pg from "pg";
import type { ReportQuery, ReportTable } from "../../store/Store.ts";
import { REPORT_NAMES } from "./reportDefinitions.ts";
import readRollups from "./readRollups.ts";
import rollupSql from "./rollupSql.ts";
import { definitionOf } from "./reportSql.ts";
import { DAY_MS, endOf, nameOf, periodsOf, touchedPeriods, type Period } from "./rollupPeriods.ts";
import {
  fingerprints,
  iso,
  key,
  PERIOD_ROWS,
  periodParams,
  RANGE,
  WORK_MEM,
} from "./rollupTables.ts";

// Advisory locks, two-key form, scoped by schema: one node building, and one UTC day's
// rollups being built or dropped by an insert (the key's second half is the day number).
const BUILDER = "hashtext('liftoff report rollups ' || current_schema()), 0";
const DAY_LOCK = "hashtext('liftoff report rollup day ' || current_schema()), $1::int";

/**
 * Report rollups on PostgreSQL (migration 8): each closed UTC day, and until then each ended
 * hour, rolled up once, all reports of a period in one transaction. A report over a range
 * reads its rolled-up periods from `report_rollups` and the rest (partial days and hours,
 * periods not rolled up yet) from `events` in the same shape (`readRollups.ts`).
 */
export class ReportRollups {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Rolls up every period that can be and lacks a current rollup, one per transaction,
   * while `goOn()`; returns their names. Another node building skips this run.
   */
  async build(now: Date = new Date(), goOn: () => boolean = () => true): Promise<string[]> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(${BUILDER}) AS locked`,
      );
      if (!rows[0]?.locked) return [];
      try {
        const built: string[] = [];
        for (const period of await this.pending(client, now)) {
          if (!goOn()) break;
          if (await this.buildPeriod(client, period)) built.push(nameOf(period));
        }
        return built;
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${BUILDER})`);
      }
    } finally {
      client.release();
    }
  }

  /** The periods of the days with an events partition that lack a current rollup. */
  private async pending(client: pg.PoolClient, now: Date): Promise<Period[]> {
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'events'::regclass`,
    );
    const days = rows
      .map((r) => /^events_p(\d{4})(\d{2})(\d{2})$/.exec(r.name))
      .filter((m) => m !== null)
      .map((m) => Date.parse(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`))
      .sort((a, b) => a - b);
    const periods = periodsOf(days, now.getTime());
    const done = await this.complete(client, periods);
    return periods.filter((p) => !done.has(key(p)));
  }

  /** The periods (keys) every report of which is rolled up with its current definition. */
  private async complete(client: pg.PoolClient, periods: Period[]): Promise<Set<string>> {
    const { rows } = await client.query<{
      start: Date;
      hours: number;
      report: string;
      definition: string;
    }>(
      `SELECT start, hours, report, definition FROM report_rollup_periods WHERE ${PERIOD_ROWS}`,
      periodParams(periods),
    );
    const counts = new Map<string, number>();
    for (const r of rows)
      if (fingerprints.get(r.report) === r.definition) {
        const k = key({ start: r.start.getTime(), hours: r.hours as 1 | 24 });
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    return new Set([...counts].filter(([, n]) => n === REPORT_NAMES.length).map(([k]) => k));
  }

  private async buildPeriod(client: pg.PoolClient, period: Period): Promise<boolean> {
    await client.query("BEGIN");
    try {
      await client.query(WORK_MEM);
      // Serialises with an insert of events for this day (invalidate): one waits for the other.
      await client.query(`SELECT pg_advisory_xact_lock(${DAY_LOCK})`, [
        (period.start / DAY_MS) | 0,
      ]);
      if ((await this.complete(client, [period])).size === 1) {
        await client.query("ROLLBACK");
        return false;
      }
      // A day replaces its hours; a period being rebuilt replaces itself.
      const [from, to] = [iso(period.start), iso(endOf(period))];
      const replaced =
        period.hours === 24 ? "start >= $1 AND start < $2" : "start = $1 AND hours = 1";
      const params = period.hours === 24 ? [from, to] : [from];
      await client.query(`DELETE FROM report_rollups WHERE ${replaced}`, params);
      await client.query(`DELETE FROM report_rollup_periods WHERE ${replaced}`, params);
      for (const name of REPORT_NAMES) {
        await client.query(
          `INSERT INTO report_rollups (start, hours, report, property_id, environment_id, label,
             counts, visitors, sketches)
           SELECT $1, $3, $4, p, v, g, counts, visitors, sketches
           FROM (${rollupSql(definitionOf(name), RANGE)}) r`,
          [from, to, period.hours, name],
        );
        await client.query("INSERT INTO report_rollup_periods VALUES ($1, $2, $3, $4, now())", [
          from,
          period.hours,
          name,
          fingerprints.get(name),
        ]);
      }
      await client.query("COMMIT");
      return true;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
  }

  /**
   * Inside an events insert: drops the rollups of the periods the insert adds events to, so
   * they are built again with them. The edge stamps events with the time it receives them,
   * so this only happens at the turn of an hour or for events a caller dates in the past.
   */
  static async invalidate(client: pg.PoolClient, times: Date[], now: Date): Promise<void> {
    const periods = touchedPeriods(times, now);
    if (periods.length === 0) return;
    const days = [...new Set(periods.map((p) => Math.floor(p.start / DAY_MS)))].sort(
      (a, b) => a - b,
    );
    for (const day of days) await client.query(`SELECT pg_advisory_xact_lock(${DAY_LOCK})`, [day]);
    const params = periodParams(periods);
    await client.query(`DELETE FROM report_rollup_periods WHERE ${PERIOD_ROWS}`, params);
    await client.query(`DELETE FROM report_rollups WHERE ${PERIOD_ROWS}`, params);
  }

  /** Retention: the rollups of the days before `cutoff`'s day go with their events. */
  async removeBefore(cutoff: Date): Promise<void> {
    const day = iso(Math.floor(cutoff.getTime() / DAY_MS) * DAY_MS);
    await this.pool.query("DELETE FROM report_rollups WHERE start < $1", [day]);
    await this.pool.query("DELETE FROM report_rollup_periods WHERE start < $1", [day]);
  }

  /**
   * The report from rollups where its range holds rolled-up periods; `undefined` when it
   * holds none or the report is a property's own (the caller runs the exact raw query).
   */
  async report(query: ReportQuery): Promise<ReportTable | undefined> {
    // A property's own reports are not rolled up: they read the events (docs/server.md).
    if (query.propertyReport) return undefined;
    return readRollups(this.pool, query);
  }
}
