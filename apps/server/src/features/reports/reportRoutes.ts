import {
  checkReporting,
  GENERIC_REPORT_FIELDS,
  type PropertyReporting,
  type ReportInfo,
  type ReportResult,
} from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { problems } from "../../http/problems.ts";
import type { Store } from "../../store/Store.ts";
import parseBreakdown from "./parseBreakdown.ts";
import parseReportQuery from "./parseReportQuery.ts";
import reportCsv from "./reportCsv.ts";
import { REPORT_NAMES, REPORTS } from "./reportDefinitions.ts";
import type { PropertyReportSpec } from "./propertyReportSql.ts";

const known = new Set<string>(REPORT_NAMES);

const catalog: ReportInfo[] = REPORT_NAMES.map((name) => {
  const { title, group, reads, columns } = REPORTS[name];
  return { name, title, group, reads, columns };
});

/**
 * The property's reporting mapping, when it has one that checks: a mapping the server would
 * refuse to save (only reachable by editing the database) offers no reports rather than
 * failing in SQL.
 */
async function reportingOf(
  store: Store,
  propertyId: string,
): Promise<PropertyReporting | undefined> {
  const settings = await store.authoring.workingSettings(propertyId);
  if (!settings?.reporting || checkReporting(settings).length > 0) return undefined;
  return settings.reporting;
}

/** What a property report reads, in words, for the catalogue (as the built-ins say it). */
function readsOf(spec: PropertyReportSpec): string {
  const { report } = spec;
  if (report.kind === "steps")
    return `Analytics ${report.steps.map((s) => `event${s.eventNumber}`).join(", ")}`;
  const fieldWords = (name: string) => {
    const field = spec.fields.find((f) => f.name === name);
    if (field) return `${field.label} (${field.paths.join(" or ")})`;
    return GENERIC_REPORT_FIELDS.find((f) => f.name === name)?.label ?? name;
  };
  const parts = [report.label.map(fieldWords).join(", else ")];
  if (report.eventType !== undefined) parts.push(`on ${report.eventType} events`);
  if (report.eventNumber !== undefined) parts.push(`on events carrying event${report.eventNumber}`);
  const counted = report.measures.flatMap((m) =>
    m.eventNumber === undefined ? [] : [`event${m.eventNumber}`],
  );
  if (counted.length) parts.push(`counting ${counted.join(", ")}`);
  return parts.join(" ");
}

function infoOf(spec: PropertyReportSpec): ReportInfo {
  const { report } = spec;
  const columns =
    report.kind === "steps"
      ? [report.labelName, "events", "visitors"]
      : [
          report.labelName,
          ...report.measures.map((m) => m.name),
          ...(report.rate ? [report.rate.name] : []),
        ];
  return {
    name: report.name,
    title: report.title,
    group: "property",
    reads: readsOf(spec),
    columns,
  };
}

/** Whether any property holds a report of this name (to say what a bare name lacks). */
async function heldByAny(store: Store, name: string): Promise<boolean> {
  for (const property of await store.authoring.listProperties()) {
    const reporting = await reportingOf(store, property.id);
    if (reporting?.reports.some((report) => report.name === name)) return true;
  }
  return false;
}

const specsOf = (reporting: PropertyReporting | undefined): PropertyReportSpec[] =>
  (reporting?.reports ?? []).map((report) => ({ report, fields: reporting!.fields }));

/** `json` (the default) or `csv`; anything else is refused naming the field. */
function parseFormat(value: unknown): "json" | "csv" {
  if (value === undefined || value === "json" || value === "csv") return value ?? "json";
  throw problems.invalidQuery('format: expected "json" or "csv".', { field: "format" });
}

/** A file name of letters, digits, dots and dashes only, so the header needs no escaping. */
const fileName = (parts: string[]) =>
  `${parts.map((p) => p.replace(/[^A-Za-z0-9.-]+/g, "-")).join("_")}.csv`;

/**
 * `GET /api/reports?propertyId=` → the report catalogue (with the property's own reports);
 * `GET /api/reports/:report?propertyId=&environmentId=&from=&to=&format=` → `ReportResult`
 * (packages/schema/src/api.ts), or the same table as CSV with `format=csv`. The built-in
 * reports are in `reportDefinitions.ts`, a property's own in its `settings.reporting`
 * (`propertyReportSql.ts`); docs/server.md lists them. `breakdown` (not in the catalogue: it
 * takes a field path) counts events or visitors per value of `field` (and of `by`),
 * `breakdownSql.ts`.
 */
export default function reportRoutes(app: FastifyInstance, store: Store): void {
  app.get("/api/reports", { config: { access: "viewer" } }, async (request) => {
    const { propertyId } = parseReportQuery("catalog", {
      propertyId: (request.query as Record<string, unknown>).propertyId,
    });
    const own = propertyId === undefined ? [] : specsOf(await reportingOf(store, propertyId));
    return {
      reports: [...REPORT_NAMES, ...own.map((spec) => spec.report.name)],
      catalog: [...catalog, ...own.map(infoOf)],
    };
  });
  app.get("/api/reports/:report", { config: { access: "viewer" } }, async (request, reply) => {
    const { report } = request.params as { report: string };
    const raw = request.query as Record<string, unknown>;
    const builtIn = known.has(report) || report === "breakdown";
    const query = parseReportQuery(report, raw);
    let propertyReport: PropertyReportSpec | undefined;
    if (!builtIn) {
      const own =
        query.propertyId === undefined ? [] : specsOf(await reportingOf(store, query.propertyId));
      propertyReport = own.find((spec) => spec.report.name === report);
      if (!propertyReport && query.propertyId === undefined && (await heldByAny(store, report)))
        throw problems.invalidQuery(
          `propertyId: "${report}" is not a built-in report; a property's own report needs the propertyId of the property that holds it.`,
          { field: "propertyId" },
        );
      if (!propertyReport)
        throw problems.notFound(
          `No report "${report.slice(0, 64)}"; known reports: ${[...REPORT_NAMES, ...own.map((s) => s.report.name)].join(", ")}.`,
          { field: "report" },
        );
    }
    const format = parseFormat(raw.format);
    const table =
      report === "breakdown"
        ? await store.reports.breakdown(parseBreakdown(raw, query))
        : await store.reports.report(propertyReport ? { ...query, propertyReport } : query);
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
