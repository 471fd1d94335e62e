import { problems } from "../../http/problems.ts";
import type { BreakdownQuery, ReportTable } from "../../store/Store.ts";
import { dialects, type Dialect, type ReportValue } from "./reportSql.ts";

/** `xdm.` or `data.`, then 1–8 identifier segments of at most 64 characters. */
const FIELD = /^(?:xdm|data)(?:\.[A-Za-z_][A-Za-z0-9_]{0,63}){1,8}$/;
const MAX_FIELD = 200;
/** Rows a breakdown answers at most: one dimension, and two (value pairs). */
export const BREAKDOWN_ROWS = { one: 100, two: 500 };

/**
 * A field path of the breakdown API as its segments (`xdm.web.webInteraction.name` →
 * `["xdm", "web", "webInteraction", "name"]`), or a 400 naming `param`. Only identifier
 * segments pass, and they only ever reach SQL as bound parameters.
 */
export function parseFieldPath(value: unknown, param: string): string[] {
  if (typeof value !== "string" || value.length > MAX_FIELD || !FIELD.test(value))
    throw problems.invalidQuery(
      `${param}: expected a field path such as xdm.web.webInteraction.name or data.pageType (xdm or data, then up to 8 dotted names of letters, digits and _).`,
      { field: param },
    );
  return value.split(".");
}

/**
 * The value at a path of the event's JSON in its request body (joined as `r`) as text, for
 * strings, numbers and booleans; NULL for anything else. `bind` adds a parameter and returns
 * its placeholder: the path is always a parameter, never SQL text.
 */
export function valueAt(
  dialect: Dialect,
  path: string[],
  bind: (value: unknown) => string,
): string {
  if (dialect === "sqlite") {
    const at = () => `'$.events[' || e.event_index || ']' || ${bind(`.${path.join(".")}`)}`;
    return `CASE json_type(r.body, ${at()})
  WHEN 'text' THEN json_extract(r.body, ${at()})
  WHEN 'integer' THEN CAST(json_extract(r.body, ${at()}) AS TEXT)
  WHEN 'real' THEN CAST(json_extract(r.body, ${at()}) AS TEXT)
  WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END`;
  }
  const at = () => `(r.body -> 'events' -> e.event_index #> ${bind(path)}::text[])`;
  return `CASE WHEN jsonb_typeof(${at()}) IN ('string', 'number', 'boolean') THEN ${at()} #>> '{}' END`;
}

/**
 * A breakdown over stored events: the count (events, or distinct visitors by ECID) per value
 * of one field path, or per pair of values of two, largest first, at most `BREAKDOWN_ROWS`.
 * Events without the field count under `(none)`. Reads each event's body, so it has no
 * rollups: the API bounds the range (docs/server.md, Breakdown).
 */
export default function breakdownSql(query: BreakdownQuery, dialect: Dialect) {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return dialect === "sqlite" ? "?" : `$${params.length}`;
  };
  const scope = () => {
    const where = [
      `e.received_at >= ${bind(query.from.toISOString())}`,
      `e.received_at < ${bind(query.to.toISOString())}`,
    ];
    if (query.propertyId !== undefined) where.push(`e.property_id = ${bind(query.propertyId)}`);
    if (query.environmentId !== undefined)
      where.push(`e.environment_id = ${bind(query.environmentId)}`);
    if (query.eventType !== undefined) where.push(`e.event_type = ${bind(query.eventType)}`);
    return where;
  };
  const dimensions = () =>
    [query.field, ...(query.by ? [query.by] : [])].map(
      (path) => `COALESCE(${valueAt(dialect, path, bind)}, '(none)')`,
    );
  // SQLite binds `?` in text order (the labels come first); PostgreSQL numbers them, and its
  // request join reads the range as $1 and $2, so there the range is bound first.
  let where: string[];
  let labels: string[];
  if (dialect === "sqlite") {
    labels = dimensions();
    where = scope();
  } else {
    where = scope();
    labels = dimensions();
  }
  const names = labels.map((_, i) => `l${i}`);
  const measure = query.measure === "visitors" ? "COUNT(DISTINCT e.ecid)" : "COUNT(*)";
  const collate = (name: string) => (dialect === "postgres" ? `${name} COLLATE "C"` : name);
  const limit = query.by ? BREAKDOWN_ROWS.two : BREAKDOWN_ROWS.one;
  const text = `SELECT ${names.join(", ")}, n FROM (
SELECT ${labels.map((l, i) => `${l} AS ${names[i]}`).join(", ")}, ${measure} AS n
FROM events e ${dialects[dialect].request}
WHERE ${where.join(" AND ")}
GROUP BY ${names.map((_, i) => i + 1).join(", ")}
) t ORDER BY n DESC, ${names.map(collate).join(", ")} LIMIT ${limit}`;
  const columns = [query.field.join("."), ...(query.by ? [query.by.join(".")] : []), query.measure];
  return {
    text,
    params,
    finish: (rows: ReportValue[][]): ReportTable => ({
      columns,
      // PostgreSQL answers COUNT as bigint text.
      rows: rows.map((row) => row.map((v, i) => (i === row.length - 1 ? Number(v) : v))),
    }),
  };
}
