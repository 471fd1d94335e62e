import { createHash } from "node:crypto";
import type pg from "pg";
import type { ReportQuery, ReportTable } from "../storage/Store.ts";
import { REPORT_NAMES } from "./reportDefinitions.ts";
import mergeReportParts, { type RollupRow } from "./mergeReportParts.ts";
import rollupSql from "./rollupSql.ts";
import { definitionOf, finishReport } from "./reportSql.ts";

const DAY_MS = 86_400_000;
/**
 * A day is rolled up this long after its end. Events are stamped by the receiving node's
 * clock, so a batch stamped just before midnight may commit just after, and clocks differ.
 */
export const CLOSE_AFTER_MS = 3_600_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const epochDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

const DAY_RANGE = ["e.received_at >= $1", "e.received_at < $2"];

/** A fingerprint of a report's rollup SQL: a changed definition is rebuilt, never misread. */
const fingerprints = new Map(
  REPORT_NAMES.map((name) => [
    name,
    createHash("sha256")
      .update(rollupSql(definitionOf(name), DAY_RANGE))
      .digest("hex")
      .slice(0, 16),
  ]),
);

// Advisory locks, two-key form, scoped by schema: the key of one node building, and of
// one day being built or changed (class, day).
const BUILDER = "hashtext('liftoff report rollups ' || current_schema()), 0";
const DAY_LOCK = "hashtext('liftoff report rollup day ' || current_schema()), $1::int";

/**
 * Daily report rollups on PostgreSQL (migration 8). A closed UTC day is rolled up once, all
 * reports in one transaction; a report over a range reads its rolled-up whole days from
 * `report_rollups` and the rest (partial first and last days, today, days not rolled up yet)
 * from `events` in the same shape, and merges them (`mergeReportParts.ts`).
 */
export class ReportRollups {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Rolls up every closed day that has an event partition and lacks a current rollup, one
   * day per transaction, while `goOn()`; returns the days built. Another node building
   * skips this run.
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
        for (const day of await this.pendingDays(client, now)) {
          if (!goOn()) break;
          if (await this.buildDay(client, day)) built.push(day);
        }
        return built;
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${BUILDER})`);
      }
    } finally {
      client.release();
    }
  }

  /** Closed days with an events partition and not every report rolled up as defined now. */
  private async pendingDays(client: pg.PoolClient, now: Date): Promise<string[]> {
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'events'::regclass`,
    );
    const closed = dayOf(Math.floor((now.getTime() - CLOSE_AFTER_MS) / DAY_MS) * DAY_MS);
    const days = rows
      .map((r) => /^events_p(\d{4})(\d{2})(\d{2})$/.exec(r.name))
      .filter((m) => m !== null)
      .map((m) => `${m[1]}-${m[2]}-${m[3]}`)
      .filter((day) => day < closed)
      .sort();
    const done = await this.currentDays(client, days);
    return days.filter((day) => (done.get(day) ?? 0) < REPORT_NAMES.length);
  }

  /** How many reports of each day are rolled up with their current definition. */
  private async currentDays(client: pg.PoolClient, days: string[]): Promise<Map<string, number>> {
    const { rows } = await client.query<{ day: string; report: string; definition: string }>(
      `SELECT day::text AS day, report, definition FROM report_rollup_days
       WHERE day = ANY($1::date[])`,
      [days],
    );
    const done = new Map<string, number>();
    for (const r of rows)
      if (fingerprints.get(r.report as never) === r.definition)
        done.set(r.day, (done.get(r.day) ?? 0) + 1);
    return done;
  }

  private async buildDay(client: pg.PoolClient, day: string): Promise<boolean> {
    await client.query("BEGIN");
    try {
      // Serialises with an insert of events for this day (invalidate): one waits for the other.
      await client.query(`SELECT pg_advisory_xact_lock(${DAY_LOCK})`, [epochDay(day)]);
      if (((await this.currentDays(client, [day])).get(day) ?? 0) === REPORT_NAMES.length) {
        await client.query("ROLLBACK");
        return false;
      }
      await client.query("DELETE FROM report_rollups WHERE day = $1", [day]);
      await client.query("DELETE FROM report_rollup_days WHERE day = $1", [day]);
      const from = `${day}T00:00:00.000Z`;
      const to = new Date(Date.parse(from) + DAY_MS).toISOString();
      for (const name of REPORT_NAMES) {
        const select = rollupSql(definitionOf(name), ["e.received_at >= $1", "e.received_at < $2"]);
        await client.query(
          `INSERT INTO report_rollups (day, report, property_id, environment_id, label, counts,
             visitors, sketches)
           SELECT $3::date, $4, p, v, g, counts, visitors, sketches FROM (${select}) r`,
          [from, to, day, name],
        );
        await client.query("INSERT INTO report_rollup_days VALUES ($1, $2, $3, now())", [
          day,
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
   * Inside an events insert: drops the rollups of the closed days the insert adds events to,
   * so they are built again with them. The edge stamps events with the time it receives
   * them, so this only happens around midnight or for events a caller dates in the past.
   */
  static async invalidate(client: pg.PoolClient, times: Date[], now: Date): Promise<void> {
    const today = dayOf(now.getTime());
    const days = [...new Set(times.map((t) => dayOf(t.getTime())))].filter((d) => d < today);
    for (const day of days.sort())
      await client.query(`SELECT pg_advisory_xact_lock(${DAY_LOCK})`, [epochDay(day)]);
    if (days.length === 0) return;
    await client.query("DELETE FROM report_rollup_days WHERE day = ANY($1::date[])", [days]);
    await client.query("DELETE FROM report_rollups WHERE day = ANY($1::date[])", [days]);
  }

  /** Retention: the rollups of the days before `cutoff`'s day go with their events. */
  async removeBefore(cutoff: Date): Promise<void> {
    const day = dayOf(cutoff.getTime());
    await this.pool.query("DELETE FROM report_rollups WHERE day < $1", [day]);
    await this.pool.query("DELETE FROM report_rollup_days WHERE day < $1", [day]);
  }

  /**
   * The report from rollups where its range has rolled-up whole days; `undefined` when it has
   * none (the caller runs the exact raw query).
   */
  async report(query: ReportQuery): Promise<ReportTable | undefined> {
    const definition = definitionOf(query.report);
    const first = Math.ceil(query.from.getTime() / DAY_MS);
    const end = Math.floor(query.to.getTime() / DAY_MS);
    if (first >= end) return undefined;
    const { rows: rolled } = await this.pool.query<{ day: string }>(
      `SELECT day::text AS day FROM report_rollup_days
       WHERE report = $1 AND definition = $2 AND day >= $3 AND day < $4 ORDER BY day`,
      [
        query.report,
        fingerprints.get(query.report as never),
        dayOf(first * DAY_MS),
        dayOf(end * DAY_MS),
      ],
    );
    if (rolled.length === 0) return undefined;
    const days = rolled.map((r) => r.day);
    const parts = await Promise.all([
      this.rolledRows(query, days),
      ...rawIntervals(query, days).map(([from, to]) => this.rawRows(query, from, to)),
    ]);
    return finishReport(definition, mergeReportParts(definition, parts.flat()), query);
  }

  private async rolledRows(query: ReportQuery, days: string[]): Promise<RollupRow[]> {
    const params: unknown[] = [query.report, days];
    const scope = scopeOf(query, params, "");
    const { rows } = await this.pool.query<RollupRow>(
      `SELECT label AS g, counts, visitors, sketches FROM report_rollups
       WHERE day = ANY($2::date[]) AND report = $1 ${scope.map((c) => `AND ${c}`).join(" ")}`,
      params,
    );
    return rows;
  }

  private async rawRows(query: ReportQuery, from: Date, to: Date): Promise<RollupRow[]> {
    const params: unknown[] = [from.toISOString(), to.toISOString()];
    const scope = scopeOf(query, params, "e.");
    const { rows } = await this.pool.query<RollupRow>(
      rollupSql(definitionOf(query.report), [...DAY_RANGE, ...scope]),
      params,
    );
    return rows;
  }
}

/** The property and environment conditions of a query, their values appended to `params`. */
function scopeOf(query: ReportQuery, params: unknown[], prefix: string): string[] {
  const out: string[] = [];
  if (query.propertyId !== undefined) {
    params.push(query.propertyId);
    out.push(`${prefix}property_id = $${params.length}`);
  }
  if (query.environmentId !== undefined) {
    params.push(query.environmentId);
    out.push(`${prefix}environment_id = $${params.length}`);
  }
  return out;
}

/** The parts of the query's range outside the rolled-up days (sorted), as [from, to). */
function rawIntervals(query: ReportQuery, days: string[]): Array<[Date, Date]> {
  const out: Array<[Date, Date]> = [];
  let cursor = query.from.getTime();
  for (const day of days) {
    const start = Date.parse(`${day}T00:00:00Z`);
    if (start > cursor) out.push([new Date(cursor), new Date(start)]);
    cursor = start + DAY_MS;
  }
  if (cursor < query.to.getTime()) out.push([new Date(cursor), query.to]);
  return out;
}
