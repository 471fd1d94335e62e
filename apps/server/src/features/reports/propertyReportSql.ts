import {
  GENERIC_REPORT_FIELDS,
  type GenericReportFieldName,
  type PropertyReport,
  type ReportField,
  type TopPropertyReport,
} from "@liftoff/schema";
import type { ReportQuery } from "../../store/Store.ts";
import { valueAt } from "./breakdownSql.ts";
import { dialects, type Dialect, type ReportSql, type ReportValue } from "./reportSql.ts";

/** One of a property's reports with the fields it may name (its `settings.reporting`). */
export interface PropertyReportSpec {
  report: PropertyReport;
  fields: ReportField[];
}

/** The stored event column of each generic field (edge/reportColumns.ts fills them). */
export const GENERIC_COLUMNS: Record<GenericReportFieldName, string> = {
  pageName: "e.page_name",
  pageUrl: "e.page_url",
  siteSection: "e.site_section",
  linkType: "e.link_type",
  linkUrl: "e.link_url",
  campaign: "e.campaign",
  eventType: "e.event_type",
};
export const isGeneric = (name: string): name is GenericReportFieldName =>
  GENERIC_REPORT_FIELDS.some((field) => field.name === name);

export const TOP = 50;
/** Label values read from an event's JSON are cut as the edge cuts its text columns. */
export const LABEL_MAX = 255;

/**
 * Placeholders (private-use characters around the value's index, which no SQL text here
 * holds) that become `?` (SQLite, bound in text order) or `$n` (PostgreSQL, numbered
 * in binding order) once the whole text is assembled: pieces can then be placed in any order
 * and repeated, and every value stays a bound parameter.
 */
function binder(dialect: Dialect) {
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `\uE000${values.length - 1}\uE001`;
  };
  const finish = (text: string) => {
    const params: unknown[] = [];
    const out = text.replace(/\uE000(\d+)\uE001/g, (_, i: string) => {
      if (dialect === "postgres") return `$${Number(i) + 1}`;
      params.push(values[Number(i)]);
      return "?";
    });
    return { text: out, params: dialect === "postgres" ? values : params };
  };
  return { bind, finish };
}

/** Events carrying Analytics event `n` (the comma-separated `event_numbers`), `n` bound. */
const hasEvent = (n: number, bind: (v: unknown) => string) =>
  `(',' || e.event_numbers || ',') LIKE ${bind(`%,${n},%`)}`;

/**
 * The SQL of one of a property's reports over the `events` table, for either database:
 * generic fields read their columns, the property's fields the event's JSON in its request
 * body (breakdownSql's valueAt: every path a bound parameter), as does every name, event
 * type and number. Reads events directly: property reports have no rollups (docs/server.md,
 * Reports).
 */
export default function propertyReportSql(
  query: ReportQuery,
  spec: PropertyReportSpec,
  dialect: Dialect,
): ReportSql {
  const { bind, finish } = binder(dialect);
  // PostgreSQL's request join reads the range as $1 and $2: it is bound first.
  const scope = [`e.received_at >= ${bind(query.from.toISOString())}`];
  scope.push(`e.received_at < ${bind(query.to.toISOString())}`);
  if (query.propertyId !== undefined) scope.push(`e.property_id = ${bind(query.propertyId)}`);
  if (query.environmentId !== undefined)
    scope.push(`e.environment_id = ${bind(query.environmentId)}`);
  const { report } = spec;
  if (report.kind === "steps") {
    const select = report.steps.flatMap((step) => [
      `COUNT(CASE WHEN ${hasEvent(step.eventNumber, bind)} THEN 1 END)`,
      `COUNT(DISTINCT CASE WHEN ${hasEvent(step.eventNumber, bind)} THEN e.ecid END)`,
    ]);
    const sql = finish(
      `SELECT ${select.join(", ")} FROM events e
WHERE ${[...scope, "e.event_numbers IS NOT NULL"].join(" AND ")}`,
    );
    return {
      ...sql,
      // One row of two numbers per step; the report has one row per step.
      finish: ([row = []]: ReportValue[][]) => ({
        columns: [report.labelName, "events", "visitors"],
        rows: report.steps.map((step, i) => [
          step.name,
          Number(row[2 * i] ?? 0),
          Number(row[2 * i + 1] ?? 0),
        ]),
      }),
    };
  }
  return topSql(report, spec.fields, scope, bind, finish, dialect);
}

function topSql(
  report: TopPropertyReport,
  fields: ReportField[],
  scope: string[],
  bind: (value: unknown) => string,
  finish: (text: string) => { text: string; params: unknown[] },
  dialect: Dialect,
): ReportSql {
  const d = dialects[dialect];
  const byName = new Map(fields.map((field) => [field.name, field]));
  let readsJson = false;
  const valueOf = (name: string): string => {
    if (isGeneric(name)) return GENERIC_COLUMNS[name];
    const field = byName.get(name);
    if (!field) throw new Error(`report ${report.name}: unknown field "${name}"`);
    readsJson = true;
    const found = field.paths.map(
      (path) => `NULLIF(${valueAt(dialect, path.split("."), bind)}, '')`,
    );
    // SQLite's COALESCE takes two arguments at least.
    const first = found.length === 1 ? found[0]! : `COALESCE(${found.join(", ")})`;
    return `substr(${first}, 1, ${LABEL_MAX})`;
  };
  const values = report.label.map(valueOf);
  let label = values.length === 1 ? values[0]! : `COALESCE(${values.join(", ")})`;
  if (report.lowercase) label = `LOWER(${label})`;
  const where = [...scope];
  if (report.eventType !== undefined) where.push(`e.event_type = ${bind(report.eventType)}`);
  if (report.eventNumber !== undefined) where.push(hasEvent(report.eventNumber, bind));
  const measures = report.measures.map((m) => {
    const when = m.eventNumber === undefined ? undefined : hasEvent(m.eventNumber, bind);
    if (m.of === "events") return when ? `COUNT(CASE WHEN ${when} THEN 1 END)` : "COUNT(*)";
    return when ? `COUNT(DISTINCT CASE WHEN ${when} THEN e.ecid END)` : "COUNT(DISTINCT e.ecid)";
  });
  // The label is computed once per event in the inner query, so its JSON paths are read once
  // and events without a value are left out before grouping.
  const sql = finish(
    `SELECT l, ${measures.map((m, i) => `${m} AS m${i}`).join(", ")} FROM (
SELECT ${label} AS l, e.ecid, e.event_numbers FROM events e ${readsJson ? d.request : ""}
WHERE ${where.join(" AND ")}
) e WHERE l IS NOT NULL
GROUP BY l ORDER BY 2 DESC, ${d.orderLabel("l")} LIMIT ${TOP}`,
  );
  const rate = report.rate;
  const at = (name: string) => report.measures.findIndex((m) => m.name === name) + 1;
  return {
    ...sql,
    finish: (rows: ReportValue[][]) => ({
      columns: [
        report.labelName,
        ...report.measures.map((m) => m.name),
        ...(rate ? [rate.name] : []),
      ],
      rows: rows.map((row) => {
        // PostgreSQL answers COUNT as bigint text.
        const typed = row.map((v, i) => (i === 0 ? v : Number(v)));
        if (!rate) return typed;
        const numerator = Number(typed[at(rate.numerator)]);
        const denominator = Number(typed[at(rate.denominator)]);
        // Percent with one decimal.
        return [
          ...typed,
          denominator === 0 ? 0 : Math.round((1000 * numerator) / denominator) / 10,
        ];
      }),
    }),
  };
}
