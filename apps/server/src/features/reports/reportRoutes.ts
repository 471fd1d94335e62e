import type { ReportInfo, ReportResult } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { problems } from "../../http/problems.ts";
import type { Store } from "../../store/Store.ts";
import parseBreakdown from "./parseBreakdown.ts";
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
  app.get("/api/reports", { config: { access: "viewer" } }, () => ({
    reports: REPORT_NAMES,
    catalog,
  }));
  app.get("/api/reports/:report", { config: { access: "viewer" } }, async (request, reply) => {
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
