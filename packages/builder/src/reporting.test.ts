import { describe, expect, it } from "vitest";
import type { PropertyReporting } from "@liftoff/schema";
import { PROD, smallProperty } from "../test/fixtureProperty.ts";
import buildLibrary, { BuildRefusedError } from "./buildLibrary.ts";
import exportLaunch from "./exportLaunch.ts";
import parsePropertyDocument from "./parsePropertyDocument.ts";
import validateProperty from "./validateProperty.ts";

// A property's reporting mapping (settings.reporting) is the server's data: it travels with
// the property document (its export) and never into a library or a Launch container.
const REPORTING: PropertyReporting = {
  fields: [{ name: "term", label: "Search term", paths: ["data.search.query"] }],
  reports: [
    {
      kind: "top",
      name: "terms",
      title: "Search terms",
      label: ["term"],
      labelName: "term",
      measures: [{ name: "searches", of: "events" }],
    },
  ],
};

describe("the reporting mapping", () => {
  const withReporting = () => {
    const doc = smallProperty();
    doc.property.settings.reporting = structuredClone(REPORTING);
    return doc;
  };

  it("stays out of the built library and the Launch container export", async () => {
    const doc = withReporting();
    expect(validateProperty(doc)).toEqual([]);
    const options = { environmentId: PROD, buildDate: "2025-03-26T00:00:00Z" };
    const lib = await buildLibrary(doc, options);
    const plain = await buildLibrary(smallProperty(), options);
    expect(lib.code).toBe(plain.code);
    const container = await exportLaunch(doc, PROD);
    expect(JSON.stringify(container)).not.toContain("reporting");
    expect(container).toEqual(await exportLaunch(smallProperty(), PROD));
  });

  it("is checked before a build, with the server's wording and paths", async () => {
    const doc = withReporting();
    doc.property.settings.reporting!.fields[0]!.paths = ["xdm"];
    expect(validateProperty(doc)).toEqual([
      {
        path: "property.settings.reporting.fields[0].paths[0]",
        message:
          'expected a field path such as xdm.web.webInteraction.name or data.pageType (xdm or data, then up to 8 dotted names of letters, digits and _), got "xdm"',
        where: "property settings › reporting",
      },
    ]);
    await expect(buildLibrary(doc, { environmentId: PROD })).rejects.toBeInstanceOf(
      BuildRefusedError,
    );
    const notAMapping = { ...withReporting() } as unknown as Record<string, unknown>;
    (notAMapping.property as { settings: Record<string, unknown> }).settings.reporting = "x";
    expect(() => parsePropertyDocument(notAMapping)).toThrow(
      "property.settings.reporting: expected object, got string",
    );
  });
});
