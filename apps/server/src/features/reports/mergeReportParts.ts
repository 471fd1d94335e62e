import type { ReportDefinition } from "./reportDefinitions.ts";
import { HyperLogLog } from "./HyperLogLog.ts";
import type { ReportValue } from "./reportSql.ts";

/** One row of `rollupSql.ts`'s shape, from the rollup table or a raw part of the range. */
export interface RollupRow {
  g: string | null;
  counts: Array<string | number>;
  visitors: Array<string | number>;
  sketches: Uint8Array[];
}

interface Merged {
  label: string | null;
  counts: number[];
  exact: number[];
  sketches: HyperLogLog[];
  /** Rows merged: visitors are exact only from one row (one day, environment and part). */
  rows: number;
}

/** Bytewise UTF-8 order, nulls last: what PostgreSQL's `ORDER BY … COLLATE "C"` gives. */
export function compareLabels(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function mergeRows(definition: ReportDefinition, rows: RollupRow[]): Map<string | null, Merged> {
  const visitorMeasures = definition.measures.filter((m) => m.kind === "visitors").length;
  const groups = new Map<string | null, Merged>();
  for (const row of rows) {
    let group = groups.get(row.g);
    if (!group) {
      group = {
        label: row.g,
        counts: row.counts.map(() => 0),
        exact: Array.from({ length: visitorMeasures }, () => 0),
        sketches: Array.from({ length: visitorMeasures }, () => new HyperLogLog()),
        rows: 0,
      };
      groups.set(row.g, group);
    }
    row.counts.forEach((n, i) => (group.counts[i]! += Number(n)));
    row.visitors.forEach((n, i) => (group.exact[i]! += Number(n)));
    row.sketches.forEach((s, i) => group.sketches[i]!.merge(s));
    group.rows++;
  }
  return groups;
}

/**
 * The rows the raw report query would answer, from rollup-shaped rows: counts summed,
 * visitors exact where one row holds the label, else the merged sketch's estimate; then
 * ordered and limited as the raw query orders and limits them.
 */
export default function mergeReportParts(
  definition: ReportDefinition,
  rows: RollupRow[],
): ReportValue[][] {
  const groups = [...mergeRows(definition, rows).values()];
  const out = groups.map((group) => {
    let c = 0;
    let v = 0;
    const values = definition.measures.map((m) => {
      if (m.kind === "count") return group.counts[c++]!;
      const i = v++;
      return group.rows === 1 ? group.exact[i]! : group.sketches[i]!.estimate();
    });
    return { label: group.label, values };
  });
  if (!definition.label)
    // One row over the whole range, as an aggregate without GROUP BY answers even when empty.
    return [out[0]?.values ?? definition.measures.map(() => 0)];
  if (definition.order === "label") out.sort((a, b) => compareLabels(a.label, b.label));
  if (definition.order === "count")
    out.sort((a, b) => b.values[0]! - a.values[0]! || compareLabels(a.label, b.label));
  const limited = definition.limit ? out.slice(0, definition.limit) : out;
  return limited.map((r) => [r.label, ...r.values]);
}
