import { describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { problemLink } from "./problemLinks.ts";

describe("problemLink", () => {
  const doc = propertyState().document;

  it("leads to the item a problem's path names", () => {
    expect(problemLink(doc, "rules[0].actions[0].settings.source")).toBe("rules/RL1");
    expect(problemLink(doc, "dataElements[0].name")).toBe("data-elements/DE1");
    expect(problemLink(doc, "extensions[2].settings.orgId")).toBe("extensions");
  });

  it("falls back to the list or the settings", () => {
    expect(problemLink(doc, "rules[9].name")).toBe("rules");
    expect(problemLink(doc, "company.orgId")).toBe("settings");
  });

  it("leads a problem of the reporting mapping to that part of the settings", () => {
    expect(problemLink(doc, "property.settings.reporting.fields[0].paths[1]")).toBe(
      "settings#reporting",
    );
    expect(problemLink(doc, "property.settings.domains[0]")).toBe("settings");
  });
});
