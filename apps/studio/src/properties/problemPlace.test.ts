import { describe, expect, it } from "vitest";
import { catalog, propertyState } from "../../test/fixtures.ts";
import { problemPlace } from "./problemPlace.ts";

describe("problemPlace", () => {
  const doc = propertyState().document;
  doc.rules[0]!.conditions.push({
    id: "CO1",
    modulePath: "core/src/lib/conditions/path.js",
    settings: { paths: [{ value: "^/auto(", valueIsRegex: true }] },
  });

  it("names the rule, the component by position and module, and the field by its label", () => {
    expect(problemPlace(doc, catalog, "rules[0].actions[0].settings.source")).toBe(
      'Rule "Page View" › Action 1: Custom Code › Source',
    );
    expect(problemPlace(doc, catalog, "rules[0].conditions[0].settings.paths[0].value")).toBe(
      'Rule "Page View" › Condition 1: Path Without Query String › Path 1 › Value',
    );
    expect(problemPlace(doc, catalog, "rules[0].name")).toBe('Rule "Page View" › Name');
  });

  it("prefers a manifest's title over the key", () => {
    const titled = structuredClone(catalog);
    titled[0]!.modules[2]!.settings.properties!.source!.title = "Code";
    expect(problemPlace(doc, titled, "rules[0].actions[0].settings.source")).toBe(
      'Rule "Page View" › Action 1: Custom Code › Code',
    );
  });

  it("names data elements, extensions and property settings in words", () => {
    expect(problemPlace(doc, catalog, "dataElements[0].settings.path")).toBe(
      'Data element "page name" › Path',
    );
    expect(problemPlace(doc, catalog, "dataElements[0].modulePath")).toBe(
      'Data element "page name" › Type',
    );
    expect(problemPlace(doc, catalog, "extensions[0].settings.orgId")).toBe(
      'Extension "Core" › Org id',
    );
    expect(problemPlace(doc, catalog, "company.orgId")).toBe("Company › Org id");
    expect(problemPlace(doc, catalog, "rules[9].events[0].settings.x")).toBe(
      "Rule 10 › Event 1 › Settings › X",
    );
  });
});
