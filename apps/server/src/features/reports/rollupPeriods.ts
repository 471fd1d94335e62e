export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** What a rollup covers: a whole UTC day (24 hours) or one hour of a day not closed yet. */
export interface Period {
  start: number;
  hours: 1 | 24;
}

export const endOf = (p: Period): number => p.start + p.hours * HOUR_MS;
/** `2026-11-21` for a day, `2026-11-21T13` for an hour. */
export const nameOf = (p: Period): string =>
  new Date(p.start).toISOString().slice(0, p.hours === 24 ? 10 : 13);
const floorTo = (time: number, unit: number) => Math.floor(time / unit) * unit;

/**
 * A UTC day is rolled up once it ended `closeAfterMs` ago: events are stamped by the
 * receiving node's clock, so a batch stamped before midnight may commit after it, and clocks
 * differ. Until then its ended hours are rolled up, `HOUR_SETTLE_MS` after their end.
 */
export const CLOSE_AFTER_MS = HOUR_MS;
export const HOUR_SETTLE_MS = 5 * 60_000;

/** The periods of the days `days` (their starts) that can be rolled up at `now`. */
export function periodsOf(days: number[], now: number): Period[] {
  const out: Period[] = [];
  for (const day of days) {
    if (day + DAY_MS + CLOSE_AFTER_MS <= now) out.push({ start: day, hours: 24 });
    else
      for (let h = day; h < day + DAY_MS && h + HOUR_MS + HOUR_SETTLE_MS <= now; h += HOUR_MS)
        out.push({ start: h, hours: 1 });
  }
  return out;
}

/**
 * The rolled-up periods a range reads, whole ones only and without overlap (a rolled-up
 * day wins over its hours), sorted; and the rest of the range, read raw, as [from, to).
 */
export function coverRange(
  from: number,
  to: number,
  rolled: Period[],
): { periods: Period[]; raw: Array<[number, number]> } {
  const inside = rolled.filter((p) => p.start >= from && endOf(p) <= to);
  const days = new Set(inside.filter((p) => p.hours === 24).map((p) => p.start));
  const periods = inside
    .filter((p) => p.hours === 24 || !days.has(floorTo(p.start, DAY_MS)))
    .sort((a, b) => a.start - b.start);
  const raw: Array<[number, number]> = [];
  let cursor = from;
  for (const p of periods) {
    if (p.start > cursor) raw.push([cursor, p.start]);
    cursor = endOf(p);
  }
  if (cursor < to) raw.push([cursor, to]);
  return { periods, raw };
}

/**
 * The periods an insert of events at `times` changes, given the hour `now` is in: a time
 * before the current hour may fall in a rolled-up hour or day.
 */
export function touchedPeriods(times: Date[], now: Date): Period[] {
  const current = floorTo(now.getTime(), HOUR_MS);
  const out = new Map<string, Period>();
  for (const t of times) {
    const time = t.getTime();
    if (time >= current) continue;
    for (const p of [
      { start: floorTo(time, DAY_MS), hours: 24 },
      { start: floorTo(time, HOUR_MS), hours: 1 },
    ] as Period[])
      out.set(`${p.start}/${p.hours}`, p);
  }
  return [...out.values()];
}
