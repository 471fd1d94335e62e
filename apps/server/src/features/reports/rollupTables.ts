import { createHash } from "node:crypto";
import { REPORT_NAMES } from "./reportDefinitions.ts";
import rollupSql from "./rollupSql.ts";
import { definitionOf } from "./reportSql.ts";
import type { Period } from "./rollupPeriods.ts";

// What the rollup builder and the rollup reads share about the tables of migration 8.

/** The time range of every rollup query: its first two parameters. */
export const RANGE = ["e.received_at >= $1", "e.received_at < $2"];

/** A fingerprint of a report's rollup SQL: a changed definition is rebuilt, never misread. */
export const fingerprints = new Map<string, string>(
  REPORT_NAMES.map((name) => [
    name,
    createHash("sha256")
      .update(rollupSql(definitionOf(name), RANGE))
      .digest("hex")
      .slice(0, 16),
  ]),
);

/**
 * Memory for the rollup queries' hash aggregates (distinct visitors per label, then per
 * register): with the default 4 MB a day's spills to disk and takes 2–3 times as long.
 */
export const WORK_MEM = "SET LOCAL work_mem = '64MB'";

export const iso = (time: number) => new Date(time).toISOString();
export const key = (p: Period) => `${p.start}/${p.hours}`;
/** The rows of a set of periods, `periodParams` as $1 and $2. */
export const PERIOD_ROWS = `((hours = 24 AND start = ANY($1::timestamptz[]))
  OR (hours = 1 AND start = ANY($2::timestamptz[])))`;
/** The day and hour starts of periods, as the two arrays `PERIOD_ROWS` takes. */
export const periodParams = (periods: Period[]) => [
  periods.filter((p) => p.hours === 24).map((p) => iso(p.start)),
  periods.filter((p) => p.hours === 1).map((p) => iso(p.start)),
];
