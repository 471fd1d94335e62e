import type { ReportQuery } from "../storage/Store.ts";
import type { ReportValue, SqlDialect } from "./reportSql.ts";

type Rows = ReportValue[][];

export interface ReportDefinition {
  /** What the studio shows above the chart. */
  title: string;
  /**
   * `generic` reports read XDM fields every Web SDK property sends; `mapping` reports read the
   * Analytics variables and event numbers a property's own mapping sets (docs/server.md).
   */
  group: "generic" | "mapping";
  /** The event fields the report reads, in words, for a property that does not set them. */
  reads: string;
  /** Column names of the answer: a label first, then numbers. */
  columns: string[];
  sql(dialect: SqlDialect): {
    select: string;
    /** Joined after `FROM events e`; text from the dialect, never input. */
    join?: string;
    where?: string;
    groupBy?: string;
    orderBy?: string;
    limit?: number;
  };
  finish?(rows: Rows, query: ReportQuery): Rows;
}

// Event types and Analytics event numbers: docs/analytics-mapping.md.
const PAGE_VIEW = "e.event_type = 'web.webpagedetails.pageViews'";
const LINK_CLICK = "e.event_type = 'web.webinteraction.linkClicks'";
/** `event_numbers` is a comma-separated list such as "1,9"; `n` is a constant, never input. */
const hasEvent = (n: number) => `(',' || e.event_numbers || ',') LIKE '%,${n},%'`;
const TOP = 50;
const DAY_MS = 86_400_000;

/** Counts and distinct visitors of page views grouped by one column, largest first. */
const pageViewsBy = (
  column: string,
  label: string,
  about: Pick<ReportDefinition, "title" | "group" | "reads">,
): ReportDefinition => ({
  ...about,
  columns: [label, "pageViews", "visitors"],
  sql: () => ({
    select: `${column}, COUNT(*), COUNT(DISTINCT e.ecid)`,
    where: `${PAGE_VIEW} AND ${column} IS NOT NULL`,
    groupBy: column,
    orderBy: "2 DESC, 1",
    limit: TOP,
  }),
});

/** One row per milestone: events carrying its number, and distinct visitors who reached it. */
const milestones = (
  label: string,
  steps: Array<[string, number]>,
  about: Pick<ReportDefinition, "title" | "group" | "reads">,
): ReportDefinition => ({
  ...about,
  columns: [label, "events", "visitors"],
  sql: () => ({
    select: steps
      .map(
        ([, n]) =>
          `SUM(CASE WHEN ${hasEvent(n)} THEN 1 ELSE 0 END), ` +
          `COUNT(DISTINCT CASE WHEN ${hasEvent(n)} THEN e.ecid END)`,
      )
      .join(", "),
    where: "e.event_numbers IS NOT NULL",
  }),
  // The query answers one row of 2 values per step; the report has one row per step.
  finish: ([row = []]) =>
    steps.map(([name], i) => [name, Number(row[2 * i] ?? 0), Number(row[2 * i + 1] ?? 0)]),
});

/** Every UTC day from `from` to `to`, with zero where no event was stored. */
function fillDays(rows: Rows, query: ReportQuery): Rows {
  const byDay = new Map(rows.map((row) => [String(row[0]), row]));
  const out: Rows = [];
  const first = Math.floor(query.from.getTime() / DAY_MS) * DAY_MS;
  // Bounded: the API allows at most 366 days; a direct caller asking for more gets no fill.
  if (query.to.getTime() - first > 400 * DAY_MS) return rows;
  for (let t = first; t < query.to.getTime(); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push(byDay.get(day) ?? [day, 0, 0]);
  }
  return out;
}

export const REPORTS = {
  eventsOverTime: {
    title: "Events over time",
    group: "generic",
    reads: "every event",
    columns: ["day", "events", "visitors"],
    sql: (d) => ({
      select: `${d.day}, COUNT(*), COUNT(DISTINCT e.ecid)`,
      groupBy: "1",
      orderBy: "1",
    }),
    finish: fillDays,
  },
  eventTypes: {
    title: "Events by type",
    group: "generic",
    reads: "xdm.eventType",
    columns: ["eventType", "events", "visitors"],
    sql: () => ({
      select: "COALESCE(e.event_type, '(none)'), COUNT(*), COUNT(DISTINCT e.ecid)",
      groupBy: "1",
      orderBy: "2 DESC, 1",
      limit: TOP,
    }),
  },
  pageViewsOverTime: {
    title: "Page views over time",
    group: "generic",
    reads: "xdm.eventType web.webpagedetails.pageViews",
    columns: ["day", "pageViews", "visitors"],
    sql: (d) => ({
      select: `${d.day}, COUNT(*), COUNT(DISTINCT e.ecid)`,
      where: PAGE_VIEW,
      groupBy: "1",
      orderBy: "1",
    }),
    finish: fillDays,
  },
  topPages: pageViewsBy("e.page_name", "page", {
    title: "Top pages",
    group: "generic",
    reads: "xdm.web.webPageDetails.name on page views",
  }),
  linkClicksByType: {
    title: "Link clicks by type",
    group: "generic",
    reads: "xdm.web.webInteraction.type on link clicks",
    columns: ["linkType", "clicks"],
    sql: () => ({
      select: "COALESCE(e.link_type, 'other'), COUNT(*)",
      where: LINK_CLICK,
      groupBy: "1",
      orderBy: "2 DESC, 1",
    }),
  },
  topLinks: {
    title: "Top clicked links",
    group: "generic",
    reads: "xdm.web.webInteraction.URL on link clicks",
    columns: ["linkUrl", "clicks"],
    sql: () => ({
      select: "e.link_url, COUNT(*)",
      where: `${LINK_CLICK} AND e.link_url IS NOT NULL`,
      groupBy: "1",
      orderBy: "2 DESC, 1",
      limit: TOP,
    }),
  },
  dataKeys: {
    title: "Top custom data keys",
    group: "generic",
    reads: "the top-level keys of each event's data object",
    columns: ["key", "events", "visitors"],
    sql: (d) => ({
      select: "k.key, COUNT(*), COUNT(DISTINCT e.ecid)",
      join: d.dataKeys,
      groupBy: "1",
      orderBy: "2 DESC, 1",
      limit: TOP,
    }),
  },
  downloads: {
    title: "Downloads",
    group: "mapping",
    reads: "event9 (download), with eVar9 (file name) or the link URL",
    columns: ["fileName", "downloads"],
    sql: () => ({
      // eVar9 holds the file name; the link URL stands in when a download lacks it.
      select: "COALESCE(e.download_name, e.link_url), COUNT(*)",
      where: hasEvent(9),
      groupBy: "1",
      orderBy: "2 DESC, 1",
      limit: TOP,
    }),
  },
  searchTerms: {
    title: "Search terms and success rate",
    group: "mapping",
    reads: "eVar7 (search term) on page views, event1 (search with results)",
    columns: ["term", "searches", "successes", "successRate"],
    sql: () => ({
      // A search is a results-page view carrying eVar7; event1 marks one that found results.
      select: `LOWER(e.search_term), COUNT(*), SUM(CASE WHEN ${hasEvent(1)} THEN 1 ELSE 0 END)`,
      where: `${PAGE_VIEW} AND e.search_term IS NOT NULL`,
      groupBy: "1",
      orderBy: "2 DESC, 1",
      limit: TOP,
    }),
    // Success rate in percent with one decimal.
    finish: (rows) =>
      rows.map(([term, searches, successes]) => [
        term ?? null,
        Number(searches),
        Number(successes),
        Math.round((1000 * Number(successes)) / Number(searches)) / 10,
      ]),
  },
  notFound: {
    title: "Pages not found (404)",
    group: "mapping",
    reads: "event17 (page not found) with the page URL",
    columns: ["url", "views"],
    sql: () => ({
      select: "e.page_url, COUNT(*)",
      where: hasEvent(17),
      groupBy: "1",
      orderBy: "2 DESC, 1",
      limit: TOP,
    }),
  },
  scrollFunnel: milestones(
    "depth",
    [
      ["25%", 18],
      ["50%", 19],
      ["75%", 20],
      ["100%", 21],
    ],
    { title: "Scroll-depth funnel", group: "mapping", reads: "event18 to event21 (scroll depth)" },
  ),
  videoMilestones: milestones(
    "milestone",
    [
      ["play", 12],
      ["25%", 13],
      ["50%", 14],
      ["75%", 15],
      ["complete", 16],
    ],
    { title: "Video milestones", group: "mapping", reads: "event12 to event16 (video)" },
  ),
  deviceTypes: pageViewsBy("e.device_type", "deviceType", {
    title: "Device types",
    group: "mapping",
    reads: "eVar15 (device type) on page views",
  }),
  campaigns: pageViewsBy("e.campaign", "trackingCode", {
    title: "Campaigns",
    group: "mapping",
    reads: "xdm.marketing.trackingCode on page views",
  }),
} satisfies Record<string, ReportDefinition>;

export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];
