import type { StoredEventWire } from "../api/createStudioApi.ts";

/**
 * The Events page's filters. The server applies them to stored history (`GET /api/events`);
 * `matchesEvent` applies the same ones to live events, so both lists agree.
 */
export interface EventFilterState {
  environmentId: string;
  eventType: string;
  /** Text the page URL contains, ignoring case. */
  url: string;
  ecid: string;
  /** `datetime-local` values (the browser's time zone), empty for no bound; `to` exclusive. */
  from: string;
  to: string;
}

export const NO_FILTER: EventFilterState = {
  environmentId: "",
  eventType: "",
  url: "",
  ecid: "",
  from: "",
  to: "",
};

/** A `datetime-local` value as an ISO instant, or undefined when empty or invalid. */
function instant(local: string): string | undefined {
  if (!local) return undefined;
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The query of `GET /api/events` for these filters (empty ones left out). */
export function historyParams(propertyId: string, filter: EventFilterState) {
  return {
    propertyId,
    environmentId: filter.environmentId || undefined,
    eventType: filter.eventType || undefined,
    url: filter.url.trim() || undefined,
    ecid: filter.ecid.trim() || undefined,
    from: instant(filter.from),
    to: instant(filter.to),
  };
}

export function matchesEvent(event: StoredEventWire, filter: EventFilterState): boolean {
  const q = historyParams(event.propertyId, filter);
  if (q.environmentId && event.environmentId !== q.environmentId) return false;
  if (q.eventType && event.eventType !== q.eventType) return false;
  if (q.ecid && event.ecid !== q.ecid) return false;
  if (q.url && !(event.pageUrl ?? "").toLowerCase().includes(q.url.toLowerCase())) return false;
  if (q.from && event.receivedAt < q.from) return false;
  if (q.to && event.receivedAt >= q.to) return false;
  return true;
}

export interface Interaction {
  /** `xdm.web.webInteraction.name`: what the tag calls the interaction. */
  name: string | null;
  /** `webInteraction.type` (or Analytics' linkType): link, download, exit, other. */
  type: string | null;
  /** The link's URL; a scroll or video interaction has none. */
  url: string | null;
}

// Analytics' own linkType codes (s.tl), as Launch properties send them in data.__adobe.
const LINK_TYPES: Record<string, string> = { o: "other", d: "download", e: "exit" };

/** The interaction an event records, or null for an event that records none (a page view). */
export function interactionOf(event: StoredEventWire): Interaction | null {
  const web = (event.xdm as { web?: { webInteraction?: { name?: unknown } } } | null)?.web;
  const name = web?.webInteraction?.name;
  const type = event.linkType ? (LINK_TYPES[event.linkType] ?? event.linkType) : null;
  const out = { name: typeof name === "string" && name ? name : null, type, url: event.linkUrl };
  return out.name || out.type || out.url ? out : null;
}
