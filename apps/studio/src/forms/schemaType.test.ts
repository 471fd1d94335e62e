import { describe, expect, it } from "vitest";
import { humanize, initialSettings, schemaType, itemLabel } from "./schemaType.ts";

describe("schemaType", () => {
  it("picks the control a schema node calls for", () => {
    expect(schemaType({ type: ["number", "string"] })).toBe("number");
    expect(schemaType({ type: ["null", "string"] })).toBe("string");
    expect(schemaType({ type: "string", enum: ["in", "out"] })).toBe("enum");
    expect(schemaType({ type: "object" })).toBe("json");
    expect(schemaType({ properties: { a: {} } })).toBe("object");
    expect(schemaType({ description: "a %data element% token" })).toBe("any");
  });
});

describe("initialSettings", () => {
  it("starts a picked module from its schema defaults", () => {
    expect(
      initialSettings({
        settings: {
          type: "object",
          properties: {
            instanceName: { type: "string", default: "alloy" },
            documentUnloading: { type: "boolean", default: false },
            type: { type: "string" },
          },
        },
      }),
    ).toEqual({ instanceName: "alloy", documentUnloading: false });
  });
});

describe("humanize", () => {
  it("turns setting keys into labels", () => {
    expect(humanize("edgeConfigId")).toBe("Edge config id");
    expect(humanize("cookie_name")).toBe("Cookie name");
  });
});

describe("itemLabel", () => {
  it("names one entry of a list by the items' title, else the list's name in the singular", () => {
    expect(itemLabel({ title: "Property" }, "Only elements with these properties")).toBe(
      "Property",
    );
    expect(itemLabel({}, "Paths")).toBe("Path");
    expect(itemLabel({}, "Landing pages")).toBe("Landing page");
    expect(itemLabel({}, "Browser families")).toBe("Browser family");
    expect(itemLabel({}, "Address")).toBe("Address");
    expect(itemLabel({}, "Only elements with these properties")).toBe(
      "Only elements with these properties",
    );
  });
});
