import type { EdgeEvent } from "./parseEnvelope.ts";
import type { NewEvent } from "../../store/Store.ts";

type Json = Record<string, unknown>;
/** `node[key]` when node is an object; one step, so the hot path allocates no path arrays. */
const at = (node: unknown, key: string): unknown =>
  typeof node === "object" && node !== null ? (node as Json)[key] : undefined;
const text = (v: unknown, max = 2048): string | null =>
  typeof v === "string" && v !== "" ? v.slice(0, max) : null;
const EVENT_KEY = /^event\d{1,3}$/;
const LISTED_EVENT = /^\s*event(\d{1,3})\b/;

/** The indexed columns of a stored event, as the storage contract defines them. */
export type ReportColumns = Pick<
  NewEvent,
  | "eventType"
  | "pageName"
  | "pageUrl"
  | "siteSection"
  | "eventNumbers"
  | "linkType"
  | "linkUrl"
  | "campaign"
>;

/** Adds an Analytics event number once, if it is one (1–1000). */
function addNumber(numbers: number[], n: number): void {
  if (n >= 1 && n <= 1000 && !numbers.includes(n)) numbers.push(n);
}

/** Analytics event numbers from `event1to100` (value > 0 or no value) and `analytics.events`. */
function eventNumbers(event1to100: unknown, listed: unknown): string | null {
  // An array and no regex match arrays: this runs for every stored event.
  const numbers: number[] = [];
  if (typeof event1to100 === "object" && event1to100 !== null) {
    for (const key in event1to100) {
      if (!EVENT_KEY.test(key)) continue;
      const count = at((event1to100 as Json)[key], "value");
      if (typeof count !== "number" || count > 0) addNumber(numbers, Number(key.slice(5)));
    }
  }
  if (typeof listed === "string") {
    for (const part of listed.split(",")) {
      const match = LISTED_EVENT.exec(part);
      if (match) addNumber(numbers, Number(match[1]));
    }
  }
  if (numbers.length === 0) return null;
  if (numbers.length > 1) numbers.sort((a, b) => a - b);
  return numbers.join(",");
}

/**
 * The report columns of one event: fields every property has, whoever its customer. XDM
 * first (`web.webPageDetails`, `web.webInteraction`,
 * `_experience.analytics.event1to100.eventN.value`, `marketing.trackingCode`), then the
 * Analytics-style `data.__adobe.analytics` fields that Launch implementations also send. A
 * property's own variables get no column: its reporting mapping reads them from the stored
 * event (features/reports/propertyReportSql.ts).
 */
export default function reportColumns(event: EdgeEvent): ReportColumns {
  const { xdm, data } = event;
  const analytics = at(at(data, "__adobe"), "analytics");
  const web = at(xdm, "web");
  const page = at(web, "webPageDetails");
  const interaction = at(web, "webInteraction");
  const fieldGroup = at(at(xdm, "_experience"), "analytics");
  return {
    eventType: text(xdm.eventType, 256),
    pageName: text(at(page, "name")) ?? text(at(analytics, "pageName")),
    pageUrl: text(at(page, "URL")) ?? text(at(analytics, "pageURL")),
    siteSection: text(at(page, "siteSection")) ?? text(at(analytics, "channel")),
    eventNumbers: eventNumbers(at(fieldGroup, "event1to100"), at(analytics, "events")),
    linkType: text(at(interaction, "type"), 64) ?? text(at(analytics, "linkType"), 64),
    linkUrl: text(at(interaction, "URL")) ?? text(at(analytics, "linkURL")),
    campaign:
      text(at(at(xdm, "marketing"), "trackingCode"), 255) ?? text(at(analytics, "campaign"), 255),
  };
}
