import { describe, expect, it } from "vitest";
import { csvHref, hasData, isTimeSeries, rangeToQuery, toSeries } from "./reportCatalog.ts";

describe("reportCatalog", () => {
  it("draws day-keyed reports as time series", () => {
    expect(isTimeSeries(["day", "pageViews"], [])).toBe(true);
    expect(isTimeSeries(["label", "n"], [["2026-11-20", 3]])).toBe(true);
    expect(isTimeSeries(["page", "pageViews"], [["pc:home", 3]])).toBe(false);
  });

  it("counts a report of zeros (an empty funnel) as no data", () => {
    expect(hasData([])).toBe(false);
    expect(
      hasData([
        ["25%", 0, 0],
        ["50%", 0, 0],
      ]),
    ).toBe(false);
    expect(
      hasData([
        ["25%", 0, 0],
        ["50%", "2", 1],
      ]),
    ).toBe(true);
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

  it("links a report's CSV over the card's scope", () => {
    const scope = { propertyId: "PR 1", environmentId: "", from: "2026-11-15", to: "2026-11-21" };
    expect(csvHref("topPages", scope)).toBe(
      "/api/reports/topPages?propertyId=PR+1&from=2026-11-15T00%3A00%3A00.000Z&to=2026-11-22T00%3A00%3A00.000Z&format=csv",
    );
    expect(csvHref("topPages", { ...scope, environmentId: "EN1" })).toContain("environmentId=EN1");
  });
});
