import type { ReportQuery, ReportTable } from "../storage/Store.ts";
import { REPORTS, type ReportDefinition, type ReportName } from "./reportDefinitions.ts";

export type ReportValue = string | number | null;
export type Dialect = "sqlite" | "postgres";

export interface ReportSql {
  text: string;
  params: string[];
  /** Turns the driver's rows into the report's table (numbers, pivots, zero-filled days). */
  finish(rows: ReportValue[][]): ReportTable;
}

/** The SQL pieces that differ between SQLite and PostgreSQL. */
export interface SqlDialect {
  /** The UTC day of `e.received_at` as `YYYY-MM-DD`. */
  day: string;
  /**
   * Joins the event's request body and one row `k.key` per top-level key of the event's
   * `data` when it is an object (none for a string, array or no data).
   */
  dataKeys: string;
}

const dialects: Record<Dialect, SqlDialect> = {
  // SQLite keeps received_at as ISO-8601 text in UTC (toISOString), so the day is its prefix.
  sqlite: {
    day: "substr(e.received_at, 1, 10)",
    dataKeys: `JOIN requests r ON r.id = e.request_row
CROSS JOIN json_each(CASE WHEN json_type(r.body, '$.events[' || e.event_index || '].data') = 'object'
  THEN json_extract(r.body, '$.events[' || e.event_index || '].data') ELSE '{}' END) AS k`,
  },
  postgres: {
    day: "to_char(e.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
    dataKeys: `JOIN requests r ON r.id = e.request_row
CROSS JOIN LATERAL jsonb_object_keys(CASE WHEN jsonb_typeof(r.body -> 'events' -> e.event_index -> 'data') = 'object'
  THEN r.body -> 'events' -> e.event_index -> 'data' ELSE '{}'::jsonb END) AS k(key)`,
  },
};

const isReport = (name: string): name is ReportName => Object.hasOwn(REPORTS, name);

/**
 * Builds one report's SQL over the `events` table for a dialect. Values from the caller only
 * travel as bind parameters; the event numbers and labels inlined come from the definitions.
 */
export default function reportSql(query: ReportQuery, dialect: Dialect): ReportSql {
  if (!isReport(query.report)) throw new Error(`report: unknown report "${query.report}"`);
  const definition: ReportDefinition = REPORTS[query.report];
  const params: string[] = [];
  const param = (value: string) => {
    params.push(value);
    return dialect === "sqlite" ? "?" : `$${params.length}`;
  };
  const scope = [
    `e.received_at >= ${param(query.from.toISOString())}`,
    `e.received_at < ${param(query.to.toISOString())}`,
  ];
  if (query.propertyId !== undefined) scope.push(`e.property_id = ${param(query.propertyId)}`);
  if (query.environmentId !== undefined)
    scope.push(`e.environment_id = ${param(query.environmentId)}`);
  const parts = definition.sql(dialects[dialect]);
  const text = [
    `SELECT ${parts.select} FROM events e ${parts.join ?? ""}`,
    `WHERE ${[...scope, ...(parts.where ? [parts.where] : [])].join(" AND ")}`,
    parts.groupBy ? `GROUP BY ${parts.groupBy}` : "",
    parts.orderBy ? `ORDER BY ${parts.orderBy}` : "",
    parts.limit ? `LIMIT ${parts.limit}` : "",
  ].join("\n");
  return {
    text,
    params,
    finish: (rows) => {
      // PostgreSQL returns COUNT and SUM as bigint/numeric text; every column after the
      // first is a number in every report.
      const typed = rows.map((row) =>
        row.map((value, i) => (i === 0 || value === null ? value : Number(value))),
      );
      return {
        columns: definition.columns,
        rows: definition.finish ? definition.finish(typed, query) : typed,
      };
    },
  };
}
