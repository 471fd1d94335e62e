import type { NewEvent } from "../../store/Store.ts";

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
  e.campaign,
];

/** Those columns as both databases return them. */
export interface EventValueRow {
  request_id: string;
  datastream_id: string;
  property_id: string;
  environment_id: string;
  ecid: string;
  event_type: string | null;
  page_name: string | null;
  page_url: string | null;
  site_section: string | null;
  event_numbers: string | null;
  link_type: string | null;
  link_url: string | null;
  campaign: string | null;
}

/** An event's fields from its row; the id, time and JSON each store reads its own way. */
export const eventFieldsOf = (r: EventValueRow) => ({
  requestId: r.request_id,
  datastreamId: r.datastream_id,
  propertyId: r.property_id,
  environmentId: r.environment_id,
  ecid: r.ecid,
  eventType: r.event_type,
  pageName: r.page_name,
  pageUrl: r.page_url,
  siteSection: r.site_section,
  eventNumbers: r.event_numbers,
  linkType: r.link_type,
  linkUrl: r.link_url,
  campaign: r.campaign,
});
