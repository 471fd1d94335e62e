import type { ReportQuery, ReportTable } from "../../store/Store.ts";
import propertyReportSql from "./propertyReportSql.ts";
import {
  REPORTS,
  type Measure,
  type ReportDefinition,
  type ReportName,
} from "./reportDefinitions.ts";

export type ReportValue = string | number | null;
export type Dialect = "sqlite" | "postgres";

export interface ReportSql {
  text: string;
  params: unknown[];
  /** Turns the driver's rows into the report's table (numbers, pivots, zero-filled days). */
  finish(rows: ReportValue[][]): ReportTable;
}

/** The SQL pieces that differ between SQLite and PostgreSQL. */
export interface SqlDialect {
  /** The UTC day of `e.received_at` as `YYYY-MM-DD`. */
  day: string;
  /**
   * Joins the event's request body and one row `k.key` per top-level key of the event's
   * `data` when it is an object (none for a string, array or no data). The time range is
   * the query's first two parameters.
   */
  dataKeys: string;
  /** Joins the event's request body as `r`, bounded by the range like `dataKeys`. */
  request: string;
  /**
   * A string at a fixed path of the event's XDM in its request body (`request` joined), NULL
   * when absent or not a string. The path segments come from the definitions, never input.
   */
  xdmText(path: readonly string[]): string;
  /**
   * A label as the report orders it: PostgreSQL compares bytes (COLLATE "C", whatever the
   * database's locale), so the rollup path, which orders in JS, agrees with the raw query.
   */
  orderLabel(label: string): string;
}

export const dialects: Record<Dialect, SqlDialect> = {
  // SQLite keeps received_at as ISO-8601 text in UTC (toISOString), so the day is its prefix.
  sqlite: {
    day: "substr(e.received_at, 1, 10)",
    request: "JOIN requests r ON r.id = e.request_row",
    xdmText: (path) => {
      const at = `'$.events[' || e.event_index || '].xdm.${path.join(".")}'`;
      return `CASE WHEN json_type(r.body, ${at}) = 'text' THEN json_extract(r.body, ${at}) END`;
    },
    dataKeys: `JOIN requests r ON r.id = e.request_row
CROSS JOIN json_each(CASE WHEN json_type(r.body, '$.events[' || e.event_index || '].data') = 'object'
  THEN json_extract(r.body, '$.events[' || e.event_index || '].data') ELSE '{}' END) AS k`,
    orderLabel: () => "1",
  },
  postgres: {
    day: "to_char(e.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
    // A request row has the time of its first event, the same UTC day as all of them: bounding
    // it by the range ($1, $2 in every report query) lets PostgreSQL read only the range's
    // day partitions of requests instead of probing every day's for each event.
    request: `JOIN requests r ON r.id = e.request_row
  AND r.received_at >= (date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
  AND r.received_at < $2::timestamptz`,
    xdmText: (path) => {
      const at = `r.body -> 'events' -> e.event_index -> 'xdm' ${path.map((p) => `-> '${p}'`).join(" ")}`;
      return `CASE WHEN jsonb_typeof(${at}) = 'string' THEN ${at} #>> '{}' END`;
    },
    dataKeys: `JOIN requests r ON r.id = e.request_row
  AND r.received_at >= (date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
  AND r.received_at < $2::timestamptz
CROSS JOIN LATERAL jsonb_object_keys(CASE WHEN jsonb_typeof(r.body -> 'events' -> e.event_index -> 'data') = 'object'
  THEN r.body -> 'events' -> e.event_index -> 'data' ELSE '{}'::jsonb END) AS k(key)`,
    orderLabel: (label) => `${label} COLLATE "C"`,
  },
};

const isReport = (name: string): name is ReportName => Object.hasOwn(REPORTS, name);

/** The definition of a report name; unknown names throw. */
export function definitionOf(name: string): ReportDefinition {
  if (!isReport(name)) throw new Error(`report: unknown report "${name}"`);
  return REPORTS[name];
}

/** The SQL of one measure on the raw events. */
export function measureSql(m: Measure): string {
  if (m.kind === "count") return m.when ? `COUNT(CASE WHEN ${m.when} THEN 1 END)` : "COUNT(*)";
  return m.when ? `COUNT(DISTINCT CASE WHEN ${m.when} THEN e.ecid END)` : "COUNT(DISTINCT e.ecid)";
}

/** The report's table from its rows: numbers typed, then the definition's finish. */
export function finishReport(
  definition: ReportDefinition,
  rows: ReportValue[][],
  query: ReportQuery,
): ReportTable {
  // PostgreSQL returns COUNT as bigint text; every column after the first is a number.
  const typed = rows.map((row) =>
    row.map((value, i) => (i === 0 || value === null ? value : Number(value))),
  );
  return {
    columns: definition.columns,
    rows: definition.finish ? definition.finish(typed, query) : typed,
  };
}

/**
 * Builds one report's SQL over the `events` table for a dialect, from its definition (a
 * property's own report: propertyReportSql). Values from the caller only travel as bind
 * parameters; the event numbers and labels inlined come from the definitions.
 */
export default function reportSql(query: ReportQuery, dialect: Dialect): ReportSql {
  if (query.propertyReport) return propertyReportSql(query, query.propertyReport, dialect);
  const definition = definitionOf(query.report);
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
  const d = dialects[dialect];
  const label = definition.label?.(d);
  const select = [...(label ? [label] : []), ...definition.measures.map(measureSql)];
  const order = !label
    ? ""
    : definition.order === "label"
      ? d.orderLabel(label)
      : definition.order === "count"
        ? `2 DESC, ${d.orderLabel(label)}`
        : "";
  const text = [
    `SELECT ${select.join(", ")} FROM events e ${definition.join ? d[definition.join] : ""}`,
    `WHERE ${[...scope, ...(definition.where ? [definition.where] : [])].join(" AND ")}`,
    label ? "GROUP BY 1" : "",
    order ? `ORDER BY ${order}` : "",
    definition.limit ? `LIMIT ${definition.limit}` : "",
  ].join("\n");
  return { text, params, finish: (rows) => finishReport(definition, rows, query) };
}
