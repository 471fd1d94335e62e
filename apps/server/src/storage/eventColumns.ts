import type { NewEvent } from "./Store.ts";

/**
 * The `events` columns both stores insert after `request_row, event_index, received_at`, and
 * an event's values for them in the same order: one list, so the adapters cannot drift.
 */
export const EVENT_VALUE_COLUMNS = [
  "datastream_id",
  "property_id",
  "environment_id",
  "ecid",
  "event_type",
  "page_name",
  "page_url",
  "site_section",
  "event_numbers",
  "link_type",
  "link_url",
  "search_term",
  "device_type",
  "download_name",
  "campaign",
].join(", ");

export const eventValues = (e: NewEvent): Array<string | null> => [
  e.datastreamId,
  e.propertyId,
  e.environmentId,
  e.ecid,
  e.eventType,
  e.pageName,
  e.pageUrl,
  e.siteSection,
  e.eventNumbers,
  e.linkType,
  e.linkUrl,
  e.searchTerm,
  e.deviceType,
  e.downloadName,
  e.campaign,
];
