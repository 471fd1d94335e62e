import type pg from "pg";
import type { ReportQuery, ReportTable } from "../../store/Store.ts";
import { REPORT_NAMES, type ReportDefinition } from "./reportDefinitions.ts";
import { PROPERTY_CONDITION, type PropertyRollup } from "./propertyRollups.ts";
import readRollups, { type RollupTarget } from "./readRollups.ts";
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
  /**
   * `propertyReports` lists every property's own reports (their `settings.reporting`) when
   * a build starts: they are rolled up beside the built-in ones, each kept to its property.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly propertyReports: () => Promise<PropertyRollup[]> = () => Promise.resolve([]),
  ) {}

  /** Every report a period holds once it is rolled up: the built-in ones, then the properties'. */
  private async wanted(): Promise<Wanted[]> {
    const builtIn = REPORT_NAMES.map((name): Wanted => ({
      key: name,
      definition: definitionOf(name),
      fingerprint: fingerprints.get(name)!,
    }));
    return [...builtIn, ...(await this.propertyReports())];
  }

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
        const wanted = await this.wanted();
        for (const period of await this.pending(client, now, wanted)) {
          if (!goOn()) break;
          if (await this.buildPeriod(client, period, wanted)) built.push(nameOf(period));
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
  private async pending(client: pg.PoolClient, now: Date, wanted: Wanted[]): Promise<Period[]> {
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
    const done = await this.complete(client, periods, wanted);
    return periods.filter((p) => !done.has(key(p)));
  }

  /** The periods (keys) every wanted report of which is rolled up with its current definition. */
  private async complete(
    client: pg.PoolClient,
    periods: Period[],
    wanted: Wanted[],
  ): Promise<Set<string>> {
    const current = new Map(wanted.map((w) => [w.key, w.fingerprint]));
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
      if (current.get(r.report) === r.definition) {
        const k = key({ start: r.start.getTime(), hours: r.hours as 1 | 24 });
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    return new Set([...counts].filter(([, n]) => n === wanted.length).map(([k]) => k));
  }

  private async buildPeriod(
    client: pg.PoolClient,
    period: Period,
    wanted: Wanted[],
  ): Promise<boolean> {
    await client.query("BEGIN");
    try {
      await client.query(WORK_MEM);
      // Serialises with an insert of events for this day (invalidate): one waits for the other.
      await client.query(`SELECT pg_advisory_xact_lock(${DAY_LOCK})`, [
        (period.start / DAY_MS) | 0,
      ]);
      if ((await this.complete(client, [period], wanted)).size === 1) {
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
      for (const report of wanted) {
        // A property's report is kept to its property ($5); the built-in ones cover all.
        const own = "propertyId" in report;
        await client.query(
          `INSERT INTO report_rollups (start, hours, report, property_id, environment_id, label,
             counts, visitors, sketches)
           SELECT $1, $3, $4, p, v, g, counts, visitors, sketches
           FROM (${rollupSql(report.definition, own ? [...RANGE, PROPERTY_CONDITION] : RANGE)}) r`,
          [from, to, period.hours, report.key, ...(own ? [report.propertyId] : [])],
        );
        await client.query("INSERT INTO report_rollup_periods VALUES ($1, $2, $3, $4, now())", [
          from,
          period.hours,
          report.key,
          report.fingerprint,
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
   * holds none (the caller runs the exact raw query). A property's own report passes its
   * `PropertyRollup` as `target`.
   */
  async report(query: ReportQuery, target?: RollupTarget): Promise<ReportTable | undefined> {
    // A property's own report is read only as its own target, never as a built-in name.
    if (query.propertyReport && !target) return undefined;
    return readRollups(this.pool, query, target);
  }
}

/** A report a period is rolled up for: a built-in one, or a property's (`PropertyRollup`). */
type Wanted = { key: string; definition: ReportDefinition; fingerprint: string } | PropertyRollup;
