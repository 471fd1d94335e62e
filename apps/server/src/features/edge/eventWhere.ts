import type { EventFilter } from "../../store/Store.ts";

/** Filter fields → columns (`e` is events, `r` the requests table of their bodies). */
const COLUMNS: Array<[keyof EventFilter, string]> = [
  ["datastreamId", "e.datastream_id"],
  ["propertyId", "e.property_id"],
  ["environmentId", "e.environment_id"],
  ["ecid", "e.ecid"],
  ["eventType", "e.event_type"],
  ["requestId", "r.request_id"],
];

/** `text` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` escaped. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

/**
 * The WHERE clause of an event filter for either database: `placeholder(n)` writes the n-th
 * parameter (`?` for SQLite, `$n` for PostgreSQL). Values are always bound, never inlined.
 * Times bind as ISO-8601 text: SQLite stores `received_at` in that form, PostgreSQL casts it.
 */
export default function eventWhere(
  filter: EventFilter,
  placeholder: (n: number) => string,
): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  const bind = (value: string) => {
    params.push(value);
    return placeholder(params.length);
  };
  for (const [field, column] of COLUMNS) {
    const value = filter[field];
    if (typeof value !== "string") continue;
    parts.push(`${column} = ${bind(value)}`);
  }
  // LOWER on both sides: SQLite's LIKE ignores ASCII case and PostgreSQL's does not.
  if (filter.pageUrlContains !== undefined)
    parts.push(
      `LOWER(e.page_url) LIKE ${bind(containsPattern(filter.pageUrlContains))} ESCAPE '\\'`,
    );
  if (filter.from) parts.push(`e.received_at >= ${bind(filter.from.toISOString())}`);
  if (filter.to) parts.push(`e.received_at < ${bind(filter.to.toISOString())}`);
  if (filter.beforeId !== undefined) parts.push(`e.id < ${bind(String(filter.beforeId))}`);
  return { sql: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}
