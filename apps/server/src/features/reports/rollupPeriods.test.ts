import { describe, expect, it } from "vitest";
import { coverRange, DAY_MS, HOUR_MS, nameOf, periodsOf, touchedPeriods } from "./rollupPeriods.ts";

const D = Date.parse("2026-11-20T00:00:00Z");

describe("rollup periods", () => {
  it("rolls up a day an hour after its end, and until then its hours 5 minutes after theirs", () => {
    expect(periodsOf([D], D + DAY_MS + HOUR_MS).map(nameOf)).toEqual(["2026-11-20"]);
    const hours = periodsOf([D], D + DAY_MS + HOUR_MS - 1).map(nameOf);
    expect(hours).toHaveLength(24);
    expect(periodsOf([D], D + 2 * HOUR_MS + 5 * 60_000).map(nameOf)).toEqual([
      "2026-11-20T00",
      "2026-11-20T01",
    ]);
  });

  it("covers a range with whole rolled-up periods, a day over its hours, and the rest raw", () => {
    const rolled = [
      { start: D, hours: 24 as const },
      { start: D + DAY_MS, hours: 24 as const },
      { start: D + 3 * HOUR_MS, hours: 1 as const },
      { start: D + DAY_MS + 2 * HOUR_MS, hours: 1 as const },
      { start: D + 2 * DAY_MS, hours: 1 as const },
      { start: D + 2 * DAY_MS + HOUR_MS, hours: 1 as const },
    ];
    const from = D + 6 * HOUR_MS;
    const to = D + 2 * DAY_MS + 90 * 60_000;
    const { periods, raw } = coverRange(from, to, rolled);
    expect(periods.map(nameOf)).toEqual(["2026-11-21", "2026-11-22T00"]);
    expect(raw).toEqual([
      [from, D + DAY_MS],
      [D + 2 * DAY_MS + HOUR_MS, to],
    ]);
  });

  it("names the hours and days an insert of earlier events changes", () => {
    const now = new Date(D + DAY_MS + 30 * 60_000);
    const touched = touchedPeriods(
      [new Date(D + 5 * HOUR_MS), new Date(D + DAY_MS + 60_000), new Date(D + 5 * HOUR_MS + 1)],
      now,
    );
    expect(touched.map(nameOf)).toEqual(["2026-11-20", "2026-11-20T05"]);
  });
});
