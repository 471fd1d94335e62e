import type { EventFilter } from "./Store.ts";

/** Filter fields → columns (`e` is events, `r` the requests table of their bodies). */
const COLUMNS: Array<[keyof EventFilter, string]> = [
  ["datastreamId", "e.datastream_id"],
  ["propertyId", "e.property_id"],
  ["environmentId", "e.environment_id"],
  ["ecid", "e.ecid"],
  ["requestId", "r.request_id"],
];

/**
 * The WHERE clause of an event filter for either database: `placeholder(n)` writes the n-th
 * parameter (`?` for SQLite, `$n` for PostgreSQL). Values are always bound, never inlined.
 */
export default function eventWhere(
  filter: EventFilter,
  placeholder: (n: number) => string,
): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  for (const [field, column] of COLUMNS) {
    const value = filter[field];
    if (typeof value !== "string") continue;
    params.push(value);
    parts.push(`${column} = ${placeholder(params.length)}`);
  }
  return { sql: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}
