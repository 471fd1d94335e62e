import { createHash } from "node:crypto";
import { checkReporting, REPORT_FIELD_PATH } from "@liftoff/schema";
import type { AuthoringRepository } from "../authoring/AuthoringRepository.ts";
import type { Measure, ReportDefinition } from "./reportDefinitions.ts";
import {
  GENERIC_COLUMNS,
  isGeneric,
  LABEL_MAX,
  TOP,
  type PropertyReportSpec,
} from "./propertyReportSql.ts";
import rollupSql from "./rollupSql.ts";
import { RANGE } from "./rollupTables.ts";

/**
 * A SQL string literal. The rollup builder runs one statement per report with the period as
 * its only parameters, so a property report's values are written into its SQL: paths are
 * checked identifiers (`REPORT_FIELD_PATH`, tested again here), numbers are integers, and any
 * other text has its quotes doubled (PostgreSQL's standard-conforming strings).
 */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

function jsonValue(path: string): string {
  if (!REPORT_FIELD_PATH.test(path)) throw new Error(`not a report field path: ${path}`);
  const at = `(r.body -> 'events' -> e.event_index #> ${literal(`{${path.split(".").join(",")}}`)})`;
  return `NULLIF(CASE WHEN jsonb_typeof(${at}) IN ('string', 'number', 'boolean') THEN ${at} #>> '{}' END, '')`;
}

const hasEvent = (n: number) => {
  if (!Number.isInteger(n)) throw new Error(`not an event number: ${n}`);
  return `(',' || e.event_numbers || ',') LIKE '%,${n},%'`;
};

/**
 * One of a property's reports as a report definition, so PostgreSQL rolls it up and reads
 * it back as it does the built-in ones (`rollupSql.ts`, `readRollups.ts`,
 * `mergeReportParts.ts`). It answers what `propertyReportSql.ts` answers on the raw events.
 */
export function propertyReportDefinition(spec: PropertyReportSpec): ReportDefinition {
  const { report } = spec;
  const about = { title: report.title, group: "generic" as const, reads: "" };
  if (report.kind === "steps")
    return {
      ...about,
      columns: [report.labelName, "events", "visitors"],
      where: "e.event_numbers IS NOT NULL",
      measures: report.steps.flatMap((step): Measure[] => [
        { kind: "count", when: hasEvent(step.eventNumber) },
        { kind: "visitors", when: hasEvent(step.eventNumber) },
      ]),
      // One row of two numbers per step; the report has one row per step.
      finish: ([row = []]) =>
        report.steps.map((step, i) => [
          step.name,
          Number(row[2 * i] ?? 0),
          Number(row[2 * i + 1] ?? 0),
        ]),
    };
  const byName = new Map(spec.fields.map((field) => [field.name, field]));
  let readsJson = false;
  const valueOf = (name: string): string => {
    if (isGeneric(name)) return GENERIC_COLUMNS[name];
    const field = byName.get(name);
    if (!field) throw new Error(`report ${report.name}: unknown field "${name}"`);
    readsJson = true;
    const found = field.paths.map(jsonValue);
    const first = found.length === 1 ? found[0]! : `COALESCE(${found.join(", ")})`;
    return `substr(${first}, 1, ${LABEL_MAX})`;
  };
  const values = report.label.map(valueOf);
  let label = values.length === 1 ? values[0]! : `COALESCE(${values.join(", ")})`;
  if (report.lowercase) label = `LOWER(${label})`;
  const where = [`(${label}) IS NOT NULL`];
  if (report.eventType !== undefined) where.push(`e.event_type = ${literal(report.eventType)}`);
  if (report.eventNumber !== undefined) where.push(hasEvent(report.eventNumber));
  const rate = report.rate;
  const at = (name: string) => report.measures.findIndex((m) => m.name === name) + 1;
  return {
    ...about,
    columns: [
      report.labelName,
      ...report.measures.map((m) => m.name),
      ...(rate ? [rate.name] : []),
    ],
    label: () => label,
    ...(readsJson ? { join: "request" as const } : {}),
    where: where.join(" AND "),
    measures: report.measures.map((m): Measure => ({
      kind: m.of === "events" ? "count" : "visitors",
      ...(m.eventNumber === undefined ? {} : { when: hasEvent(m.eventNumber) }),
    })),
    order: "count",
    limit: TOP,
    // Percent with one decimal, as the raw query's answer has it.
    ...(rate
      ? {
          finish: (rows) =>
            rows.map((row) => {
              const numerator = Number(row[at(rate.numerator)]);
              const denominator = Number(row[at(rate.denominator)]);
              return [
                ...row,
                denominator === 0 ? 0 : Math.round((1000 * numerator) / denominator) / 10,
              ];
            }),
        }
      : {}),
  };
}

/** The condition that keeps a property report's rollup to its property: the builder's $5. */
export const PROPERTY_CONDITION = "e.property_id = $5";

/** A property report as the rollup builder and reader name it. */
export interface PropertyRollup {
  /** `property:<id>:<name>`: the `report` column of its rollup rows. */
  key: string;
  propertyId: string;
  definition: ReportDefinition;
  /** Of its rollup SQL: a changed report is rebuilt, never misread. */
  fingerprint: string;
}

export function propertyRollup(propertyId: string, spec: PropertyReportSpec): PropertyRollup {
  const definition = propertyReportDefinition(spec);
  return {
    key: `property:${propertyId}:${spec.report.name}`,
    propertyId,
    definition,
    fingerprint: createHash("sha256")
      .update(rollupSql(definition, [...RANGE, PROPERTY_CONDITION]))
      .digest("hex")
      .slice(0, 16),
  };
}

/**
 * Every property's own reports, from each property's working settings (a mapping that does
 * not check offers none, as the reports routes treat it).
 */
export async function propertyRollups(
  authoring: Pick<AuthoringRepository, "listProperties" | "workingSettings">,
): Promise<PropertyRollup[]> {
  const out: PropertyRollup[] = [];
  for (const { id } of await authoring.listProperties()) {
    const settings = await authoring.workingSettings(id);
    const reporting = settings?.reporting;
    if (!reporting || checkReporting(settings).length > 0) continue;
    for (const report of reporting.reports)
      out.push(propertyRollup(id, { report, fields: reporting.fields }));
  }
  return out;
}
