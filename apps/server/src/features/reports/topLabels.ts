import { compareLabels } from "./mergeReportParts.ts";
import type { ReportDefinition } from "./reportDefinitions.ts";

/**
 * The labels a report ordered by its first number (a count) and limited can answer: the
 * top `limit` by the summed counts, ties by label, as the merged report orders them. Only
 * their sketches need reading. `undefined` when the report is not ordered that way.
 */
export default function topLabels(
  definition: ReportDefinition,
  counted: Array<{ g: string | null; n: string | number }>,
): Array<string | null> | undefined {
  if (definition.order !== "count" || !definition.limit) return undefined;
  if (definition.measures[0]?.kind !== "count") return undefined;
  const totals = new Map<string | null, number>();
  for (const { g, n } of counted) totals.set(g, (totals.get(g) ?? 0) + Number(n));
  return [...totals]
    .sort(([a, x], [b, y]) => y - x || compareLabels(a, b))
    .slice(0, definition.limit)
    .map(([label]) => label);
}
