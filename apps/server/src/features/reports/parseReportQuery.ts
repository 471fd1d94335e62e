import { problems } from "../../http/problems.ts";
import type { ReportQuery } from "../../store/Store.ts";

const ID = /^[A-Za-z0-9._:-]{1,128}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const DAY_MS = 86_400_000;
/** The longest range a report covers (a year, leap day included). */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 7;

/** Whether year, month and day name a real calendar day (2026-02-30 does not). */
function isCalendarDay(year: string, month: string, day: string): boolean {
  const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    d.getUTCFullYear() === Number(year) &&
    d.getUTCMonth() === Number(month) - 1 &&
    d.getUTCDate() === Number(day)
  );
}

/**
 * An ISO-8601 date (`2026-11-21`, a UTC day) or date-time with a zone (`…T10:00:00Z`,
 * `…+01:00`). A date as `to` means the end of that day, so `from=d&to=d` is one whole day.
 */
export function parseTime(value: unknown, field: "from" | "to"): Date | undefined {
  if (value === undefined) return undefined;
  const expected =
    "an ISO-8601 date (YYYY-MM-DD) or date-time with a time zone (YYYY-MM-DDTHH:MM:SSZ)";
  if (typeof value !== "string")
    throw problems.invalidQuery(`${field}: expected ${expected}.`, { field });
  const date = DATE.exec(value);
  if (date && isCalendarDay(date[1]!, date[2]!, date[3]!)) {
    const start = Date.parse(`${value}T00:00:00Z`);
    return new Date(field === "to" ? start + DAY_MS : start);
  }
  const time = DATE_TIME.exec(value);
  if (time && isCalendarDay(time[1]!, time[2]!, time[3]!)) return new Date(value);
  throw problems.invalidQuery(`${field}: expected ${expected}, got "${value.slice(0, 64)}".`, {
    field,
  });
}

function parseId(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !ID.test(value))
    throw problems.invalidQuery(`${field}: expected an id (letters, digits, . _ : -).`, {
      field,
    });
  return value;
}

/**
 * The query of `GET /api/reports/:report`: optional `propertyId` and `environmentId`, and a
 * time range `from` (inclusive) – `to` (exclusive) of at most a year; by default the 7 days
 * up to now. Every problem names its field.
 */
export default function parseReportQuery(
  report: string,
  query: Record<string, unknown>,
  now = new Date(),
): ReportQuery {
  const from = parseTime(query.from, "from");
  const to =
    parseTime(query.to, "to") ??
    (from ? new Date(from.getTime() + DEFAULT_RANGE_DAYS * DAY_MS) : now);
  const start = from ?? new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  if (start.getTime() >= to.getTime())
    throw problems.invalidQuery("from: expected a time before to.", { field: "from" });
  if (to.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS)
    throw problems.invalidQuery(`from: a report covers at most ${MAX_RANGE_DAYS} days.`, {
      field: "from",
    });
  const out: ReportQuery = { report, from: start, to };
  const propertyId = parseId(query.propertyId, "propertyId");
  if (propertyId !== undefined) out.propertyId = propertyId;
  const environmentId = parseId(query.environmentId, "environmentId");
  if (environmentId !== undefined) out.environmentId = environmentId;
  return out;
}
