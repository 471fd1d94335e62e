import type pg from "pg";
import type { ReportQuery, ReportTable } from "../../store/Store.ts";
import mergeReportParts, { type RollupRow } from "./mergeReportParts.ts";
import type { ReportDefinition } from "./reportDefinitions.ts";
import { definitionOf, finishReport } from "./reportSql.ts";
import { coverRange, type Period } from "./rollupPeriods.ts";
import rollupSql from "./rollupSql.ts";
import { fingerprints, iso, PERIOD_ROWS, periodParams, RANGE, WORK_MEM } from "./rollupTables.ts";
import topLabels from "./topLabels.ts";

/**
 * What a report reads from the rollups: its rows' `report` key, its definition and the
 * fingerprint its rows must carry. A built-in report by default; a property's own report
 * passes its `PropertyRollup`.
 */
export interface RollupTarget {
  key: string;
  definition: ReportDefinition;
  fingerprint: string;
}

const builtIn = (report: string): RollupTarget => ({
  key: report,
  definition: definitionOf(report),
  fingerprint: fingerprints.get(report)!,
});

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

async function rolledPeriods(
  db: pg.PoolClient,
  query: ReportQuery,
  target: RollupTarget,
): Promise<Period[]> {
  const { rows } = await db.query<{ start: Date; hours: number }>(
    `SELECT start, hours FROM report_rollup_periods
     WHERE report = $1 AND definition = $2 AND start >= $3 AND start < $4`,
    [target.key, target.fingerprint, query.from, query.to],
  );
  return rows.map((r) => ({ start: r.start.getTime(), hours: r.hours as 1 | 24 }));
}

async function rawRows(
  db: pg.PoolClient,
  query: ReportQuery,
  target: RollupTarget,
  [from, to]: [number, number],
): Promise<RollupRow[]> {
  const params: unknown[] = [iso(from), iso(to)];
  const scope = scopeOf(query, params, "e.");
  const { rows } = await db.query<RollupRow>(
    rollupSql(target.definition, [...RANGE, ...scope]),
    params,
  );
  return rows;
}

/**
 * For a report ordered by a count and limited (top pages, …): the labels it can answer,
 * from the summed counts, so only their sketches are read (`topLabels.ts`).
 */
async function labelsToRead(
  db: pg.PoolClient,
  query: ReportQuery,
  target: RollupTarget,
  periods: Period[],
  raw: RollupRow[],
): Promise<Array<string | null> | undefined> {
  const { definition } = target;
  if (!topLabels(definition, [])) return undefined;
  const params: unknown[] = [...periodParams(periods), target.key];
  const scope = scopeOf(query, params, "");
  const { rows } = await db.query<{ g: string | null; n: string }>(
    `SELECT label AS g, SUM(counts[1]) AS n FROM report_rollups
     WHERE ${PERIOD_ROWS} AND report = $3 ${scope.map((c) => `AND ${c}`).join(" ")}
     GROUP BY label`,
    params,
  );
  return topLabels(definition, [...rows, ...raw.map((r) => ({ g: r.g, n: r.counts[0]! }))]);
}

async function rolledRows(
  db: pg.PoolClient,
  query: ReportQuery,
  target: RollupTarget,
  periods: Period[],
  labels: Array<string | null> | undefined,
): Promise<RollupRow[]> {
  const params: unknown[] = [...periodParams(periods), target.key];
  const scope = scopeOf(query, params, "");
  if (labels) {
    params.push(labels.filter((l) => l !== null));
    scope.push(
      labels.includes(null)
        ? `(label = ANY($${params.length}::text[]) OR label IS NULL)`
        : `label = ANY($${params.length}::text[])`,
    );
  }
  const visitors = target.definition.measures.filter((m) => m.kind === "visitors").length;
  // One bytea column per sketch: the driver parses a bytea array several times slower, and
  // a 30-day report reads tens of thousands of sketches.
  const sketches = Array.from({ length: visitors }, (_, i) => `, sketches[${i + 1}] AS s${i}`);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT label AS g, counts, visitors${sketches.join("")} FROM report_rollups
     WHERE ${PERIOD_ROWS} AND report = $3 ${scope.map((c) => `AND ${c}`).join(" ")}`,
    params,
  );
  return rows.map((r) => ({
    g: r.g as string | null,
    counts: r.counts as string[],
    visitors: r.visitors as string[],
    sketches: sketches.map((_, i) => r[`s${i}`] as Uint8Array),
  }));
}

/**
 * A report from the rollups (`ReportRollups.ts`) where its range holds rolled-up periods;
 * `undefined` when it holds none. One read-only snapshot: a period rebuilt or dropped
 * meanwhile is read either whole from the rollups or whole from the events, never both or
 * neither. The rest of the range is read from `events` in the rollups' shape, then all of
 * it merged (`mergeReportParts.ts`).
 */
export default async function readRollups(
  pool: pg.Pool,
  query: ReportQuery,
  target: RollupTarget = builtIn(query.report),
): Promise<ReportTable | undefined> {
  const { definition } = target;
  const db = await pool.connect();
  try {
    await db.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await db.query(WORK_MEM);
    const cover = coverRange(
      query.from.getTime(),
      query.to.getTime(),
      await rolledPeriods(db, query, target),
    );
    let rows: RollupRow[] | undefined;
    if (cover.periods.length > 0) {
      const raw: RollupRow[] = [];
      for (const interval of cover.raw) raw.push(...(await rawRows(db, query, target, interval)));
      const labels = await labelsToRead(db, query, target, cover.periods, raw);
      rows = [...(await rolledRows(db, query, target, cover.periods, labels)), ...raw];
    }
    await db.query("COMMIT");
    return rows && finishReport(definition, mergeReportParts(definition, rows), query);
  } catch (error) {
    await db.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}
