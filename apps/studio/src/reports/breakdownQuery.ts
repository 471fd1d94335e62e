import type { BreakdownDefinition } from "@liftoff/schema";
import { rangeToQuery } from "./reportCatalog.ts";

/** A breakdown as the page's URL holds it, so a link to the page is a link to the report. */
export interface BreakdownState {
  field: string;
  by: string;
  measure: "events" | "visitors";
  eventType: string;
  environmentId: string;
  /** `YYYY-MM-DD`, UTC days, `to` inclusive (as on the Reports page). */
  from: string;
  to: string;
}

/** The server's rule (breakdownSql.ts): xdm or data, then 1–8 dotted identifier names. */
const FIELD = /^(?:xdm|data)(?:\.[A-Za-z_][A-Za-z0-9_]{0,63}){1,8}$/;
export const isFieldPath = (value: string) => value.length <= 200 && FIELD.test(value);

/** Paths every Web SDK event may carry, offered as suggestions; any other path is allowed. */
export const SUGGESTED_FIELDS = [
  "xdm.eventType",
  "xdm.web.webInteraction.name",
  "xdm.web.webInteraction.type",
  "xdm.web.webInteraction.URL",
  "xdm.web.webPageDetails.name",
  "xdm.web.webPageDetails.URL",
  "xdm.web.webPageDetails.siteSection",
  "xdm.device.type",
];

const day = (date: Date) => date.toISOString().slice(0, 10);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function breakdownFromSearch(search: URLSearchParams, now = new Date()): BreakdownState {
  const get = (name: string) => search.get(name) ?? "";
  const from = get("from");
  const to = get("to");
  return {
    field: get("field") || "xdm.web.webInteraction.name",
    by: get("by"),
    measure: get("measure") === "visitors" ? "visitors" : "events",
    eventType: get("eventType"),
    environmentId: get("environmentId"),
    from: DAY.test(from) ? from : day(new Date(now.getTime() - 6 * 86_400_000)),
    to: DAY.test(to) ? to : day(now),
  };
}

/** The page's URL search for a breakdown (empty values left out). */
export function breakdownToSearch(state: BreakdownState): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(state) as Array<[string, string]>)
    if (value) search.set(key, value);
  return search;
}

/** `GET /api/reports/breakdown` parameters for a breakdown of a property. */
export function breakdownParams(propertyId: string, state: BreakdownState) {
  return {
    propertyId,
    environmentId: state.environmentId || undefined,
    ...rangeToQuery(state.from, state.to),
    field: state.field,
    by: state.by || undefined,
    measure: state.measure,
    eventType: state.eventType || undefined,
  };
}

/** The same breakdown as the server's CSV (its formula-injection guard included). */
export function breakdownCsvHref(propertyId: string, state: BreakdownState): string {
  const search = new URLSearchParams({ format: "csv" });
  for (const [key, value] of Object.entries(breakdownParams(propertyId, state)))
    if (value) search.set(key, value);
  return `/api/reports/breakdown?${search.toString()}`;
}

/** A breakdown as a saved report keeps it: the same parameters, empty ones left out. */
export function breakdownToDefinition(state: BreakdownState): BreakdownDefinition {
  const out: BreakdownDefinition = {
    field: state.field,
    measure: state.measure,
    from: state.from,
    to: state.to,
  };
  if (state.by) out.by = state.by;
  if (state.eventType) out.eventType = state.eventType;
  if (state.environmentId) out.environmentId = state.environmentId;
  return out;
}

/** A saved report's definition as the page shows it. */
export function breakdownFromDefinition(definition: BreakdownDefinition): BreakdownState {
  return {
    field: definition.field,
    by: definition.by ?? "",
    measure: definition.measure,
    eventType: definition.eventType ?? "",
    environmentId: definition.environmentId ?? "",
    from: definition.from,
    to: definition.to,
  };
}

/** The studio address of a saved report: the breakdown page opening it by id. */
export const savedReportPath = (propertyId: string, id: string) =>
  `/properties/${encodeURIComponent(propertyId)}/reports/breakdown?saved=${encodeURIComponent(id)}`;
