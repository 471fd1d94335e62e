import type { BuiltInReportName } from "@liftoff/schema";
import type { ReportQuery } from "../../store/Store.ts";
import type { ReportValue, SqlDialect } from "./reportSql.ts";

type Rows = ReportValue[][];

/**
 * One number of a report row: `count` counts events, `visitors` counts distinct visitors
 * (`e.ecid`); each optionally only over the events matching `when` (SQL on `e`).
 */
export interface Measure {
  kind: "count" | "visitors";
  when?: string;
}

/**
 * A report as data: the SQL is generated from it (`reportSql.ts` for the raw query, the
 * PostgreSQL daily rollups in `ReportRollups.ts`), so both paths answer the same question.
 * SQL text here comes from the definitions and dialects, never from input.
 */
export interface ReportDefinition {
  /** What the studio shows above the chart. */
  title: string;
  /**
   * Built-in reports read fields every Web SDK property sends; a property's own variables are
   * read by its own reports (`settings.reporting`, propertyReportSql.ts).
   */
  group: "generic";
  /** The event fields the report reads, in words, for a property that does not set them. */
  reads: string;
  /** Column names of the answer: a label first, then numbers. */
  columns: string[];
  /** The row label (one row per value); without it the query answers one row. */
  label?: (dialect: SqlDialect) => string;
  /**
   * `dataKeys`: one row per top-level key of the event's data object, as `k.key`; `request`:
   * the event's request body as `r`, for labels read from its XDM (`SqlDialect.xdmText`).
   */
  join?: "dataKeys" | "request";
  /** Which events the report reads, besides its scope and time range. */
  where?: string;
  /** The numbers after the label, in column order. */
  measures: Measure[];
  /** `label`: ascending labels (days); `count`: the first number descending, then the label. */
  order?: "label" | "count";
  limit?: number;
  /** Turns the query's rows into the report's rows. */
  finish?(rows: Rows, query: ReportQuery): Rows;
}

// Event types: docs/analytics-mapping.md.
const PAGE_VIEW = "e.event_type = 'web.webpagedetails.pageViews'";
/**
 * A click on a link: a `linkClicks` event that names the link's URL. Launch properties send
 * scroll depth, video milestones and other non-click interactions as `linkClicks` too (with
 * `webInteraction.type` "other", as alloy sends ordinary same-site links, so the type cannot
 * tell them apart); those carry no link URL, so they are not counted as clicks.
 */
const LINK_CLICK = "e.event_type = 'web.webinteraction.linkClicks' AND e.link_url IS NOT NULL";
/**
 * A link's interaction name (`webInteraction.name`) and URL, or the URL alone. Parenthesised:
 * the ORDER BY appends COLLATE, which binds tighter than `||`.
 */
const LINK_LABEL = (d: SqlDialect) =>
  `(COALESCE(${d.xdmText(["web", "webInteraction", "name"])} || ' — ', '') || e.link_url)`;
const TOP = 50;
const DAY_MS = 86_400_000;

const EVENTS: Measure = { kind: "count" };
const VISITORS: Measure = { kind: "visitors" };

/** Counts and distinct visitors of page views grouped by one column, largest first. */
const pageViewsBy = (
  column: string,
  label: string,
  about: Pick<ReportDefinition, "title" | "group" | "reads">,
): ReportDefinition => ({
  ...about,
  columns: [label, "pageViews", "visitors"],
  label: () => column,
  where: `${PAGE_VIEW} AND ${column} IS NOT NULL`,
  measures: [EVENTS, VISITORS],
  order: "count",
  limit: TOP,
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
    label: (d) => d.day,
    measures: [EVENTS, VISITORS],
    order: "label",
    finish: fillDays,
  },
  eventTypes: {
    title: "Events by type",
    group: "generic",
    reads: "xdm.eventType",
    columns: ["eventType", "events", "visitors"],
    label: () => "COALESCE(e.event_type, '(none)')",
    measures: [EVENTS, VISITORS],
    order: "count",
    limit: TOP,
  },
  pageViewsOverTime: {
    title: "Page views over time",
    group: "generic",
    reads: "xdm.eventType web.webpagedetails.pageViews",
    columns: ["day", "pageViews", "visitors"],
    label: (d) => d.day,
    where: PAGE_VIEW,
    measures: [EVENTS, VISITORS],
    order: "label",
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
    reads: "xdm.web.webInteraction.type on link clicks (linkClicks events with a link URL)",
    columns: ["linkType", "clicks"],
    label: () => "COALESCE(e.link_type, 'other')",
    where: LINK_CLICK,
    measures: [EVENTS],
    order: "count",
  },
  topLinks: {
    title: "Top clicked links",
    group: "generic",
    reads: "xdm.web.webInteraction.name and URL on link clicks",
    columns: ["link", "clicks"],
    label: LINK_LABEL,
    join: "request",
    where: LINK_CLICK,
    measures: [EVENTS],
    order: "count",
    limit: TOP,
  },
  dataKeys: {
    title: "Top custom data keys",
    group: "generic",
    reads: "the top-level keys of each event's data object",
    columns: ["key", "events", "visitors"],
    label: () => "k.key",
    join: "dataKeys",
    measures: [EVENTS, VISITORS],
    order: "count",
    limit: TOP,
  },
  campaigns: pageViewsBy("e.campaign", "trackingCode", {
    title: "Campaigns",
    group: "generic",
    reads: "xdm.marketing.trackingCode on page views",
  }),
} satisfies Record<BuiltInReportName, ReportDefinition>;

export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];
