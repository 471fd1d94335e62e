import { problems } from "../../http/problems.ts";
import type { BreakdownQuery, ReportQuery } from "../../store/Store.ts";
import { parseFieldPath } from "./breakdownSql.ts";

/** The longest range a breakdown covers: it reads every event's body (no rollups). */
export const MAX_BREAKDOWN_DAYS = 92;
const EVENT_TYPE = /^[A-Za-z0-9._:-]{1,256}$/;

/**
 * The breakdown's own parameters (`field`, `by`, `measure`, `eventType`), after the common
 * ones `parseReportQuery` read; each problem names its field. The live report and saved
 * reports (parseSavedDefinition.ts) both go through it, so a saved report holds only what the
 * report route would run.
 */
export default function parseBreakdown(
  raw: Record<string, unknown>,
  query: ReportQuery,
): BreakdownQuery {
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
