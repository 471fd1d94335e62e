import { checkReporting } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import createPropertyDocument from "./createPropertyDocument.ts";
import { REPORTING } from "./reporting.ts";

describe("pc-marketing's reporting mapping", () => {
  it("is in the property's settings and passes the server's check", () => {
    const { settings } = createPropertyDocument().property;
    expect(settings.reporting).toEqual(REPORTING);
    expect(checkReporting(settings)).toEqual([]);
    expect(REPORTING.reports.map((r) => r.name)).toEqual([
      "downloads",
      "searchTerms",
      "notFound",
      "scrollFunnel",
      "videoMilestones",
      "deviceTypes",
    ]);
  });

  it("reads each eVar from the Web SDK's XDM first, then the Analytics data", () => {
    expect(REPORTING.fields.find((f) => f.name === "searchTerm")?.paths).toEqual([
      "xdm._experience.analytics.customDimensions.eVars.eVar7",
      "data.__adobe.analytics.eVar7",
    ]);
  });
});
