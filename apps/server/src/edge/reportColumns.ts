import type { EdgeEvent } from "./parseEnvelope.ts";
import type { NewEvent } from "../storage/Store.ts";

type Json = Record<string, unknown>;
const get = (root: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (typeof node === "object" && node !== null ? (node as Json)[key] : undefined),
    root,
  );
const text = (v: unknown, max = 2048): string | null =>
  typeof v === "string" && v !== "" ? v.slice(0, max) : null;

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
  | "searchTerm"
  | "deviceType"
  | "downloadName"
  | "campaign"
>;

/** An eVar from the XDM Analytics field group, else from `data.__adobe.analytics`. */
const eVar = (xdm: unknown, analytics: unknown, n: number): string | null =>
  text(get(xdm, "_experience", "analytics", "customDimensions", "eVars", `eVar${n}`), 255) ??
  text(get(analytics, `eVar${n}`), 255);

/**
 * The indexed report columns of one event. XDM first (`web.webPageDetails`,
 * `web.webInteraction`, `_experience.analytics.event1to100.eventN.value`, the eVars the
 * reports group by, `marketing.trackingCode`), then the
 * Analytics-style `data.__adobe.analytics` fields that Launch implementations also send.
 */
export default function reportColumns(event: EdgeEvent): ReportColumns {
  const { xdm, data } = event;
  const analytics = get(data, "__adobe", "analytics");
  const numbers = new Set<number>();
  const events = get(xdm, "_experience", "analytics", "event1to100");
  if (typeof events === "object" && events !== null) {
    for (const [key, value] of Object.entries(events)) {
      const match = /^event(\d{1,3})$/.exec(key);
      const count = get(value, "value");
      if (match && (typeof count !== "number" || count > 0)) numbers.add(Number(match[1]));
    }
  }
  const listed = get(analytics, "events");
  if (typeof listed === "string") {
    for (const part of listed.split(",")) {
      const match = /^\s*event(\d{1,3})\b/.exec(part);
      if (match) numbers.add(Number(match[1]));
    }
  }
  const sorted = [...numbers].filter((n) => n >= 1 && n <= 1000).sort((a, b) => a - b);
  return {
    eventType: text(xdm.eventType, 256),
    pageName: text(get(xdm, "web", "webPageDetails", "name")) ?? text(get(analytics, "pageName")),
    pageUrl: text(get(xdm, "web", "webPageDetails", "URL")) ?? text(get(analytics, "pageURL")),
    siteSection:
      text(get(xdm, "web", "webPageDetails", "siteSection")) ?? text(get(analytics, "channel")),
    eventNumbers: sorted.length ? sorted.join(",") : null,
    linkType:
      text(get(xdm, "web", "webInteraction", "type"), 64) ?? text(get(analytics, "linkType"), 64),
    linkUrl: text(get(xdm, "web", "webInteraction", "URL")) ?? text(get(analytics, "linkURL")),
    // eVar numbers: docs/analytics-mapping.md.
    searchTerm: eVar(xdm, analytics, 7),
    deviceType: eVar(xdm, analytics, 15),
    downloadName: eVar(xdm, analytics, 9),
    campaign:
      text(get(xdm, "marketing", "trackingCode"), 255) ?? text(get(analytics, "campaign"), 255),
  };
}
