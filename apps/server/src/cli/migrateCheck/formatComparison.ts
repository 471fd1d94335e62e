/**
 * The plain-text report: per page, one row per measure (how many entries each side has, and
 * agree or the first difference) and the hosts of Adobe's the stand-in answered; with more
 * than one page, a line per page; then `N measures, N agree, N differ`.
 */
import type { PageComparison } from "./compareObservations.ts";

export interface Totals {
  measures: number;
  agree: number;
  differ: number;
}

export function totals(pages: PageComparison[]): Totals {
  const all = pages.flatMap((p) => p.measures);
  const agree = all.filter((m) => m.agree).length;
  return { measures: all.length, agree, differ: all.length - agree };
}

const summary = (t: Totals) => `${t.measures} measures, ${t.agree} agree, ${t.differ} differ`;

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) =>
    r
      .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!)))
      .join("  ")
      .trimEnd(),
  );
}

export default function formatComparison(pages: PageComparison[]): string {
  const lines: string[] = [];
  for (const page of pages) {
    lines.push(`page ${page.page}`);
    const rows = [["measure", "original", "rebuild", "result"]];
    for (const m of page.measures) {
      const side = (list: string[]) => (m.name === "library" ? list[0]! : String(list.length));
      rows.push([
        m.name,
        side(m.original),
        side(m.rebuild),
        m.agree ? ["agree", ...(m.explained ?? [])].join("; ") : `differ: ${m.difference}`,
      ]);
    }
    lines.push(...table(rows).map((l) => `  ${l}`));
    if (page.standIn)
      lines.push(`  answered by the stand-in for Adobe's servers: ${page.standIn.join(", ")}`);
    lines.push("");
  }
  if (pages.length > 1) {
    for (const page of pages) lines.push(`${page.page}: ${summary(totals([page]))}`);
    lines.push("");
  }
  lines.push(summary(totals(pages)));
  return lines.join("\n");
}
