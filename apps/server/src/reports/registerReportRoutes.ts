import type { ReportInfo, ReportResult } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { problems } from "../http/problems.ts";
import type { BreakdownQuery, ReportQuery, Store } from "../storage/Store.ts";
import { parseFieldPath } from "./breakdownSql.ts";
import parseReportQuery from "./parseReportQuery.ts";
import reportCsv from "./reportCsv.ts";
import { REPORT_NAMES, REPORTS } from "./reportDefinitions.ts";

const known = new Set<string>(REPORT_NAMES);

const catalog: ReportInfo[] = REPORT_NAMES.map((name) => {
  const { title, group, reads, columns } = REPORTS[name];
  return { name, title, group, reads, columns };
});

/** `json` (the default) or `csv`; anything else is refused naming the field. */
function parseFormat(value: unknown): "json" | "csv" {
  if (value === undefined || value === "json" || value === "csv") return value ?? "json";
  throw problems.invalidQuery('format: expected "json" or "csv".', { field: "format" });
}

/** The longest range a breakdown covers: it reads every event's body (no rollups). */
export const MAX_BREAKDOWN_DAYS = 92;
const EVENT_TYPE = /^[A-Za-z0-9._:-]{1,256}$/;

/** The breakdown's own parameters, after the common ones; each problem names its field. */
function parseBreakdown(raw: Record<string, unknown>, query: ReportQuery): BreakdownQuery {
  if (query.to.getTime() - query.from.getTime() > MAX_BREAKDOWN_DAYS * 86_400_000)
    throw problems.invalidQuery(`from: a breakdown covers at most ${MAX_BREAKDOWN_DAYS} days.`, {
      field: "from",
    });
  const measure = raw.measure ?? "events";
  if (measure !== "events" && measure !== "visitors")
    throw problems.invalidQuery('measure: expected "events" or "visitors".', { field: "measure" });
  const out: BreakdownQuery = {
    from: query.from,
    to: query.to,
    field: parseFieldPath(raw.field, "field"),
    measure,
  };
  if (raw.by !== undefined && raw.by !== "") out.by = parseFieldPath(raw.by, "by");
  if (raw.eventType !== undefined && raw.eventType !== "") {
    if (typeof raw.eventType !== "string" || !EVENT_TYPE.test(raw.eventType))
      throw problems.invalidQuery(
        "eventType: expected an event type such as web.webpagedetails.pageViews.",
        {
          field: "eventType",
        },
      );
    out.eventType = raw.eventType;
  }
  if (query.propertyId !== undefined) out.propertyId = query.propertyId;
  if (query.environmentId !== undefined) out.environmentId = query.environmentId;
  return out;
}

/** A file name of letters, digits, dots and dashes only, so the header needs no escaping. */
const fileName = (parts: string[]) =>
  `${parts.map((p) => p.replace(/[^A-Za-z0-9.-]+/g, "-")).join("_")}.csv`;

/**
 * `GET /api/reports` → the report catalogue; `GET /api/reports/:report?propertyId=&
 * environmentId=&from=&to=&format=` → `ReportResult` (packages/schema/src/api.ts), or the same
 * table as CSV with `format=csv`. The reports are in `reportDefinitions.ts`; docs/server.md
 * lists them. `breakdown` (not in the catalogue: it takes a field path) counts events or
 * visitors per value of `field` (and of `by`), `breakdownSql.ts`.
 */
export default function registerReportRoutes(app: FastifyInstance, store: Store): void {
  app.get("/api/reports", () => ({ reports: REPORT_NAMES, catalog }));
  app.get("/api/reports/:report", async (request, reply) => {
    const { report } = request.params as { report: string };
    if (!known.has(report) && report !== "breakdown")
      throw problems.notFound(
        `No report "${report.slice(0, 64)}"; known reports: ${REPORT_NAMES.join(", ")}.`,
        { field: "report" },
      );
    const raw = request.query as Record<string, unknown>;
    const format = parseFormat(raw.format);
    const query = parseReportQuery(report, raw);
    const table =
      report === "breakdown"
        ? await store.events.breakdown(parseBreakdown(raw, query))
        : await store.events.report(query);
    const from = query.from.toISOString();
    const to = query.to.toISOString();
    if (format === "csv") {
      const name = fileName([
        report,
        query.propertyId ?? "all",
        from.slice(0, 10),
        to.slice(0, 10),
      ]);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(reportCsv(table.columns, table.rows));
    }
    const result: ReportResult = { report, from, to, columns: table.columns, rows: table.rows };
    return result;
  });
}
