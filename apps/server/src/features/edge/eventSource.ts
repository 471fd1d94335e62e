import type { EventSource, NewEvent } from "../../store/Store.ts";

/**
 * Where a stored event's xdm and data live: the body of the request it arrived in (kept once
 * per request, migration 2) and its index in `events`. Both stores use these helpers so that
 * what they write and what they read back is the same shape.
 */

/** The event's own request body, or a one-event body built from it (callers outside the edge). */
export function sourceOf(event: NewEvent): EventSource {
  if (event.source) return event.source;
  const data = event.data === undefined ? null : event.data;
  return { body: JSON.stringify({ events: [{ xdm: event.xdm ?? {}, data }] }), index: 0 };
}

/** The `events` array of a stored body; anything else reads as no events. */
export function requestEvents(body: unknown): unknown[] {
  const parsed: unknown = typeof body === "string" ? JSON.parse(body) : body;
  const events =
    typeof parsed === "object" && parsed !== null
      ? (parsed as { events?: unknown }).events
      : undefined;
  return Array.isArray(events) ? (events as unknown[]) : [];
}

/** xdm and data of one event, as the edge stored them: a missing xdm is `{}`, data `null`. */
export function eventAt(events: unknown[], index: number): { xdm: unknown; data: unknown } {
  const event = events[index] as { xdm?: unknown; data?: unknown } | undefined;
  return { xdm: event?.xdm ?? {}, data: event?.data ?? null };
}
