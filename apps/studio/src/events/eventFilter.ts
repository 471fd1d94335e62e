import type { StoredEventWire } from "../api/createStudioApi.ts";

export interface EventFilterState {
  environmentId: string;
  eventType: string;
  /** Free text searched in the page name, URL, ECID and the JSON payload. */
  text: string;
}

export function matchesEvent(event: StoredEventWire, filter: EventFilterState): boolean {
  if (filter.environmentId && event.environmentId !== filter.environmentId) return false;
  if (filter.eventType && event.eventType !== filter.eventType) return false;
  const needle = filter.text.trim().toLowerCase();
  if (!needle) return true;
  return JSON.stringify(event).toLowerCase().includes(needle);
}
