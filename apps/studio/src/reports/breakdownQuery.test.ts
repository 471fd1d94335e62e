import { describe, expect, it } from "vitest";
import {
  breakdownCsvHref,
  breakdownFromSearch,
  breakdownToSearch,
  isFieldPath,
} from "./breakdownQuery.ts";

describe("breakdown query", () => {
  it("round-trips through the page URL, so a link reopens the same report", () => {
    const state = {
      field: "xdm.web.webInteraction.name",
      by: "data._pcm.pageSection",
      measure: "visitors" as const,
      eventType: "web.webinteraction.linkClicks",
      environmentId: "ENprod",
      from: "2026-11-01",
      to: "2026-11-07",
    };
    expect(breakdownFromSearch(breakdownToSearch(state))).toEqual(state);
  });

  it("defaults to interaction names over the last 7 days", () => {
    const state = breakdownFromSearch(new URLSearchParams(), new Date("2026-11-21T12:00:00Z"));
    expect(state).toMatchObject({
      field: "xdm.web.webInteraction.name",
      measure: "events",
      from: "2026-11-15",
      to: "2026-11-21",
    });
  });

  it("accepts dotted identifier paths under xdm or data only", () => {
    expect(isFieldPath("data._pcm.pageSection")).toBe(true);
    expect(isFieldPath("web.webInteraction.name")).toBe(false);
    expect(isFieldPath("xdm.a-b")).toBe(false);
    expect(isFieldPath(`xdm${".a".repeat(9)}`)).toBe(false);
  });

  it("links the server's CSV with the same parameters", () => {
    const href = breakdownCsvHref(
      "PR1",
      breakdownFromSearch(new URLSearchParams("field=xdm.x&from=2026-11-01&to=2026-11-01")),
    );
    expect(href).toBe(
      "/api/reports/breakdown?format=csv&propertyId=PR1&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-02T00%3A00%3A00.000Z&field=xdm.x&measure=events",
    );
  });
});
