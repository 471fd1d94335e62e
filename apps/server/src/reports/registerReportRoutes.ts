import type { ReportResult } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { problems } from "../http/problems.ts";
import type { Store } from "../storage/Store.ts";
import parseReportQuery from "./parseReportQuery.ts";
import { REPORT_NAMES } from "./reportDefinitions.ts";

const known = new Set<string>(REPORT_NAMES);

/**
 * `GET /api/reports/:report?propertyId=&environmentId=&from=&to=` → `ReportResult`
 * (packages/schema/src/api.ts): the studio's charts over stored events. The reports and their
 * columns are in `reportDefinitions.ts`; docs/server.md lists them.
 */
export default function registerReportRoutes(app: FastifyInstance, store: Store): void {
  app.get("/api/reports", () => ({ reports: REPORT_NAMES }));
  app.get("/api/reports/:report", async (request): Promise<ReportResult> => {
    const { report } = request.params as { report: string };
    if (!known.has(report))
      throw problems.notFound(
        `No report "${report.slice(0, 64)}"; known reports: ${REPORT_NAMES.join(", ")}.`,
        { field: "report" },
      );
    const query = parseReportQuery(report, request.query as Record<string, unknown>);
    const table = await store.events.report(query);
    return {
      report,
      from: query.from.toISOString(),
      to: query.to.toISOString(),
      columns: table.columns,
      rows: table.rows,
    };
  });
}
