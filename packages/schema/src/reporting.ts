/**
 * A property's own reporting: the event fields its reports group by, and the reports
 * themselves, kept as data in the property document (`settings.reporting`) rather than as
 * columns of the event store. Every property sends different variables (one keeps its search
 * term in an Analytics eVar, another in `data.search.query`); a mapping lets each name them
 * without a schema change. The server turns a report into SQL over the stored events, with
 * every path and value bound as a parameter; the studio edits the mapping with the same
 * checker the server runs before it saves.
 */
import { isPlainObject, typeName } from "./fields.ts";
import { joinPath } from "./fieldPath.ts";
import type { SettingsProblem } from "./checkSettings.ts";

/**
 * An event field reports can group by: a name reports use, a label people read, and where
 * the value is in an event, tried in order; the first path holding a non-empty string,
 * number or boolean wins (`xdm.…` first, then the Analytics-style `data.__adobe.analytics.…`
 * that Launch implementations also send, for example).
 */
export interface ReportField {
  /** Identifier (letters, digits, `_`), unique among the property's and the generic fields. */
  name: string;
  label: string;
  /**
   * 1–4 paths into the event: `xdm.` or `data.`, then 1–8 dotted names of letters, digits
   * and `_` (the breakdown's field path grammar, REPORT_FIELD_PATH).
   */
  paths: string[];
}

/** One number of a `top` report row. */
export interface ReportMeasure {
  /** The column's name; identifier, unique within the report. */
  name: string;
  /** Events counted, or distinct visitors (by ECID) among them. */
  of: "events" | "visitors";
  /** Only events carrying Analytics event N (1–1000), within the report's events. */
  eventNumber?: number;
}

/**
 * The top values of a field: one row per value (the first of `label`'s fields holding one),
 * with its numbers, largest first measure first, at most 50 rows. Events without a value are
 * left out.
 */
export interface TopPropertyReport {
  kind: "top";
  name: string;
  title: string;
  /** Field names (the property's or generic ones), coalesced in order: 1–4. */
  label: string[];
  /** The label column's name in the answer; identifier. */
  labelName: string;
  /** Group values in lower case (search terms typed with different capitals count as one). */
  lowercase?: boolean;
  /** Only events of this `xdm.eventType` (exact). */
  eventType?: string;
  /**
   * Only events carrying Analytics event N (1–1000): `xdm._experience.analytics.event1to100`
   * or `data.__adobe.analytics.events`, as the stored event numbers hold them.
   */
  eventNumber?: number;
  /** 1–20 numbers after the label, in column order. */
  measures: ReportMeasure[];
  /**
   * A last column: `numerator` over `denominator` (names of measures) in percent with one
   * decimal, 0 when the denominator is 0.
   */
  rate?: { name: string; numerator: string; denominator: string };
}

/** One step of a `steps` report: a row named `name` counting events carrying event N. */
export interface ReportStep {
  name: string;
  eventNumber: number;
}

/**
 * A funnel or milestone list: one row per step (in the order given, 1–20 steps) with the
 * events carrying its Analytics event number and the distinct visitors who sent one;
 * columns `[labelName, "events", "visitors"]`.
 */
export interface StepsPropertyReport {
  kind: "steps";
  name: string;
  title: string;
  labelName: string;
  steps: ReportStep[];
}

/**
 * A report the property holds. `name`: identifier, unique within the property and not a
 * built-in report's name (BUILT_IN_REPORT_NAMES); the reports API and saved reports use it.
 */
export type PropertyReport = TopPropertyReport | StepsPropertyReport;

/** `PropertyDocumentSettings.reporting`. */
export interface PropertyReporting {
  fields: ReportField[];
  reports: PropertyReport[];
}

/**
 * Fields every property has, kept as columns of each stored event (docs/server.md, Events),
 * usable wherever a report names a field. What each reads: docs/analytics-mapping.md.
 */
export const GENERIC_REPORT_FIELDS = [
  { name: "pageName", label: "Page name" },
  { name: "pageUrl", label: "Page URL" },
  { name: "siteSection", label: "Site section" },
  { name: "linkType", label: "Link type" },
  { name: "linkUrl", label: "Link URL" },
  { name: "campaign", label: "Campaign (tracking code)" },
  { name: "eventType", label: "Event type" },
] as const;

export type GenericReportFieldName = (typeof GENERIC_REPORT_FIELDS)[number]["name"];

/**
 * The server's own reports: a property report may not take their names, since the reports
 * API addresses both by name.
 */
export const BUILT_IN_REPORT_NAMES = [
  "eventsOverTime",
  "eventTypes",
  "pageViewsOverTime",
  "topPages",
  "linkClicksByType",
  "topLinks",
  "dataKeys",
  "campaigns",
] as const;

export type BuiltInReportName = (typeof BUILT_IN_REPORT_NAMES)[number];

/** `xdm.` or `data.`, then 1–8 identifier segments of at most 64 characters. */
export const REPORT_FIELD_PATH = /^(?:xdm|data)(?:\.[A-Za-z_][A-Za-z0-9_]{0,63}){1,8}$/;

/** The limits checkReporting holds a mapping to. */
export const REPORTING_LIMITS = {
  fields: 50,
  reports: 50,
  paths: 4,
  labelFields: 4,
  measures: 20,
  steps: 20,
  text: 200,
  eventNumber: 1000,
} as const;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const IDENTIFIER_RULE =
  "expected an identifier (a letter or _, then letters, digits and _; at most 64)";
const GENERIC_NAMES: readonly string[] = GENERIC_REPORT_FIELDS.map((field) => field.name);
// `breakdown` is the reports API's own (GET /api/reports/breakdown), not in the catalogue.
const BUILT_IN_NAMES: readonly string[] = [...BUILT_IN_REPORT_NAMES, "breakdown"];

/**
 * Problems of a property's `reporting` setting, each named by its path under `path` (the
 * settings object's: `settings.reporting.fields[0].paths[1]`), in the wording of the other
 * checkers. The server runs it before it saves the settings and the builder before it
 * builds; the studio runs it as the author types. No `reporting` is no problem.
 */
export function checkReporting(settings: unknown, path = "settings"): SettingsProblem[] {
  const out: SettingsProblem[] = [];
  if (!isPlainObject(settings) || settings.reporting === undefined) return out;
  const at = joinPath(path, "reporting");
  const reporting = settings.reporting;
  if (!isPlainObject(reporting)) return [expected(at, "object", reporting)];
  const say = (where: string, message: string) => out.push({ path: where, message });

  const fieldNames = new Set<string>(GENERIC_NAMES);
  const fields = list(reporting.fields, joinPath(at, "fields"), REPORTING_LIMITS.fields, out);
  fields.forEach((field, i) => {
    const where = joinPath(joinPath(at, "fields"), i);
    if (!isPlainObject(field)) return say(where, `expected object, got ${typeName(field)}`);
    const name = identifier(field.name, joinPath(where, "name"), out);
    if (name !== undefined) {
      if (GENERIC_NAMES.includes(name))
        say(joinPath(where, "name"), `"${name}" is a generic field every property has`);
      else if (fieldNames.has(name))
        say(joinPath(where, "name"), `another field is already named "${name}"`);
      fieldNames.add(name);
    }
    text(field.label, joinPath(where, "label"), out);
    const paths = list(field.paths, joinPath(where, "paths"), REPORTING_LIMITS.paths, out, 1);
    paths.forEach((value, j) => {
      const place = joinPath(joinPath(where, "paths"), j);
      if (typeof value !== "string") return say(place, `expected string, got ${typeName(value)}`);
      if (value.length > REPORTING_LIMITS.text || !REPORT_FIELD_PATH.test(value))
        say(
          place,
          `expected a field path such as xdm.web.webInteraction.name or data.pageType (xdm or data, then up to 8 dotted names of letters, digits and _), got ${JSON.stringify(value)}`,
        );
    });
  });

  const reportNames = new Set<string>();
  const reports = list(reporting.reports, joinPath(at, "reports"), REPORTING_LIMITS.reports, out);
  reports.forEach((report, i) => {
    const where = joinPath(joinPath(at, "reports"), i);
    if (!isPlainObject(report)) return say(where, `expected object, got ${typeName(report)}`);
    const name = identifier(report.name, joinPath(where, "name"), out);
    if (name !== undefined) {
      if (BUILT_IN_NAMES.includes(name))
        say(joinPath(where, "name"), `"${name}" is a built-in report`);
      else if (reportNames.has(name))
        say(joinPath(where, "name"), `another report is already named "${name}"`);
      reportNames.add(name);
    }
    text(report.title, joinPath(where, "title"), out);
    const labelName = identifier(report.labelName, joinPath(where, "labelName"), out);
    if (report.kind === "top") checkTop(report, where, fieldNames, labelName, out);
    else if (report.kind === "steps") checkSteps(report, where, out);
    else
      say(
        joinPath(where, "kind"),
        report.kind === undefined
          ? "is required"
          : `expected one of "top", "steps", got ${JSON.stringify(report.kind)}`,
      );
  });
  return out;
}

function checkTop(
  report: Record<string, unknown>,
  where: string,
  fieldNames: Set<string>,
  labelName: string | undefined,
  out: SettingsProblem[],
): void {
  const say = (place: string, message: string) => out.push({ path: place, message });
  const label = list(report.label, joinPath(where, "label"), REPORTING_LIMITS.labelFields, out, 1);
  label.forEach((field, j) => {
    const place = joinPath(joinPath(where, "label"), j);
    if (typeof field !== "string") return say(place, `expected string, got ${typeName(field)}`);
    if (!fieldNames.has(field))
      say(place, `names no field: "${field}" is neither a field of this property nor generic`);
  });
  if (report.lowercase !== undefined && typeof report.lowercase !== "boolean")
    out.push(expected(joinPath(where, "lowercase"), "boolean", report.lowercase));
  if (report.eventType !== undefined) text(report.eventType, joinPath(where, "eventType"), out);
  if (report.eventNumber !== undefined)
    eventNumber(report.eventNumber, joinPath(where, "eventNumber"), out);
  // Every column of the answer has its own name, so CSV headers and charts can address it.
  const columns = new Set(labelName === undefined ? [] : [labelName]);
  const column = (name: string | undefined, place: string) => {
    if (name === undefined) return;
    if (columns.has(name)) say(place, `another column of this report is named "${name}"`);
    columns.add(name);
  };
  const measureNames = new Set<string>();
  const measures = list(
    report.measures,
    joinPath(where, "measures"),
    REPORTING_LIMITS.measures,
    out,
    1,
  );
  measures.forEach((measure, j) => {
    const place = joinPath(joinPath(where, "measures"), j);
    if (!isPlainObject(measure)) return say(place, `expected object, got ${typeName(measure)}`);
    const name = identifier(measure.name, joinPath(place, "name"), out);
    column(name, joinPath(place, "name"));
    if (name !== undefined) measureNames.add(name);
    if (measure.of !== "events" && measure.of !== "visitors")
      say(
        joinPath(place, "of"),
        measure.of === undefined
          ? "is required"
          : `expected one of "events", "visitors", got ${JSON.stringify(measure.of)}`,
      );
    if (measure.eventNumber !== undefined)
      eventNumber(measure.eventNumber, joinPath(place, "eventNumber"), out);
  });
  if (report.rate === undefined) return;
  const place = joinPath(where, "rate");
  if (!isPlainObject(report.rate)) return void out.push(expected(place, "object", report.rate));
  column(identifier(report.rate.name, joinPath(place, "name"), out), joinPath(place, "name"));
  for (const key of ["numerator", "denominator"]) {
    const value = report.rate[key];
    if (value === undefined) say(joinPath(place, key), "is required");
    else if (typeof value !== "string" || !measureNames.has(value))
      say(joinPath(place, key), `expected the name of one of this report's measures`);
  }
}

function checkSteps(report: Record<string, unknown>, where: string, out: SettingsProblem[]): void {
  const names = new Set<string>();
  const steps = list(report.steps, joinPath(where, "steps"), REPORTING_LIMITS.steps, out, 1);
  steps.forEach((step, j) => {
    const place = joinPath(joinPath(where, "steps"), j);
    if (!isPlainObject(step)) return void out.push(expected(place, "object", step));
    const name = text(step.name, joinPath(place, "name"), out);
    if (name !== undefined) {
      if (names.has(name))
        out.push({ path: joinPath(place, "name"), message: `another step is named "${name}"` });
      names.add(name);
    }
    if (step.eventNumber === undefined)
      out.push({ path: joinPath(place, "eventNumber"), message: "is required" });
    else eventNumber(step.eventNumber, joinPath(place, "eventNumber"), out);
  });
}

const expected = (path: string, what: string, value: unknown): SettingsProblem => ({
  path,
  message: `expected ${what}, got ${typeName(value)}`,
});

/** The entries of a list field, after saying what is wrong with the list itself. */
function list(
  value: unknown,
  path: string,
  max: number,
  out: SettingsProblem[],
  min = 0,
): unknown[] {
  if (value === undefined) {
    out.push({ path, message: "is required" });
    return [];
  }
  if (!Array.isArray(value)) {
    out.push(expected(path, "array", value));
    return [];
  }
  if (value.length < min) out.push({ path, message: `expected at least ${min}, got none` });
  if (value.length > max)
    out.push({ path, message: `expected at most ${max}, got ${value.length}` });
  return value.slice(0, max);
}

function identifier(value: unknown, path: string, out: SettingsProblem[]): string | undefined {
  if (value === undefined) out.push({ path, message: "is required" });
  else if (typeof value !== "string") out.push(expected(path, "string", value));
  else if (!IDENTIFIER.test(value))
    out.push({ path, message: `${IDENTIFIER_RULE}, got ${JSON.stringify(value)}` });
  else return value;
  return undefined;
}

function text(value: unknown, path: string, out: SettingsProblem[]): string | undefined {
  if (value === undefined) out.push({ path, message: "is required" });
  else if (typeof value !== "string") out.push(expected(path, "string", value));
  else if (!value.trim()) out.push({ path, message: "must not be empty" });
  else if (value.length > REPORTING_LIMITS.text)
    out.push({ path, message: `expected at most ${REPORTING_LIMITS.text} characters` });
  else return value;
  return undefined;
}

function eventNumber(value: unknown, path: string, out: SettingsProblem[]): void {
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > REPORTING_LIMITS.eventNumber
  )
    out.push({
      path,
      message: `expected an Analytics event number (an integer from 1 to ${REPORTING_LIMITS.eventNumber}), got ${JSON.stringify(value) ?? typeName(value)}`,
    });
}
