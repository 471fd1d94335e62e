import { describe, expect, it } from "vitest";
import { isTimeSeries, rangeToQuery, REPORTS, toSeries } from "./reportCatalog.ts";

describe("reportCatalog", () => {
  it("lists the ten reports the server computes", () => {
    expect(REPORTS.map((r) => r.name)).toEqual([
      "pageViewsOverTime",
      "topPages",
      "linkClicksByType",
      "downloads",
      "searchTerms",
      "notFound",
      "scrollFunnel",
      "videoMilestones",
      "deviceTypes",
      "campaigns",
    ]);
  });

  it("draws day-keyed reports as time series", () => {
    expect(isTimeSeries(["day", "pageViews"], [])).toBe(true);
    expect(isTimeSeries(["label", "n"], [["2026-11-20", 3]])).toBe(true);
    expect(isTimeSeries(["page", "pageViews"], [["pc:home", 3]])).toBe(false);
  });

  it("splits a table into labels and numeric series", () => {
    expect(
      toSeries(
        ["term", "searches", "successRate"],
        [
          ["auto", 4, 0.5],
          ["boat", "2", null],
        ],
      ),
    ).toEqual({
      labels: ["auto", "boat"],
      series: [
        { name: "searches", values: [4, 2] },
        { name: "successRate", values: [0.5, null] },
      ],
    });
  });

  it("turns inclusive days into the API's [from, to) instants", () => {
    expect(rangeToQuery("2026-11-15", "2026-11-21")).toEqual({
      from: "2026-11-15T00:00:00.000Z",
      to: "2026-11-22T00:00:00.000Z",
    });
  });
});
