/** The reports the server computes (`GET /api/reports/:report`), with their titles. */
export const REPORTS = [
  { name: "pageViewsOverTime", title: "Page views over time" },
  { name: "topPages", title: "Top pages" },
  { name: "linkClicksByType", title: "Link clicks by type" },
  { name: "downloads", title: "Downloads" },
  { name: "searchTerms", title: "Search terms and success rate" },
  { name: "notFound", title: "Pages not found (404)" },
  { name: "scrollFunnel", title: "Scroll-depth funnel" },
  { name: "videoMilestones", title: "Video milestones" },
  { name: "deviceTypes", title: "Device types" },
  { name: "campaigns", title: "Campaigns" },
] as const;

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
