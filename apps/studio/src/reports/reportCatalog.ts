/** A report whose first column is a day (`2026-11-21`) is drawn as a time series. */
export function isTimeSeries(
  columns: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
): boolean {
  const first = columns[0];
  if (first === "day" || first === "hour" || first === "date") return true;
  const sample = rows[0]?.[0];
  return typeof sample === "string" && /^\d{4}-\d{2}-\d{2}/.test(sample);
}

/** Whether any measure of a report is above zero (a funnel of zeros is no data). */
export const hasData = (rows: ReadonlyArray<ReadonlyArray<string | number | null>>) =>
  rows.some((row) => row.slice(1).some((v) => Number(v) > 0));

/** Chart series from a report table: the label column, then one numeric series per column. */
export function toSeries(
  columns: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
) {
  const labels = rows.map((r) => String(r[0] ?? ""));
  const series = columns.slice(1).map((name, i) => ({
    name,
    values: rows.map((r) => {
      const v = r[i + 1];
      return typeof v === "number" ? v : v == null ? null : Number(v);
    }),
  }));
  return { labels, series };
}

/** Date range helpers: the form uses `YYYY-MM-DD`; the API takes ISO instants, `to` exclusive. */
export const dayString = (date: Date) => date.toISOString().slice(0, 10);

export function rangeToQuery(from: string, to: string): { from: string; to: string } {
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { from: new Date(`${from}T00:00:00Z`).toISOString(), to: end.toISOString() };
}

export interface ReportScope {
  propertyId: string;
  environmentId: string;
  from: string;
  to: string;
}

/** The server's CSV of one report over the same scope the card shows. */
export function csvHref(name: string, scope: ReportScope): string {
  const search = new URLSearchParams({ propertyId: scope.propertyId });
  if (scope.environmentId) search.set("environmentId", scope.environmentId);
  const range = rangeToQuery(scope.from, scope.to);
  search.set("from", range.from);
  search.set("to", range.to);
  search.set("format", "csv");
  return `/api/reports/${encodeURIComponent(name)}?${search.toString()}`;
}
