import { describe, expect, it } from "vitest";
import { smallProperty } from "../test/fixtureProperty.ts";
import validateProperty from "./validateProperty.ts";

describe("the property's org id", () => {
  it("may be absent while no installed extension needs it", () => {
    const doc = smallProperty();
    delete doc.company.orgId;
    doc.extensions = doc.extensions.filter((e) => e.name !== "web-sdk");
    expect(validateProperty(doc).filter((p) => p.path === "company.orgId")).toEqual([]);
  });

  it("is asked for by the Web SDK", () => {
    const doc = smallProperty();
    delete doc.company.orgId;
    if (!doc.extensions.some((e) => e.name === "web-sdk"))
      doc.extensions.push({ name: "web-sdk", settings: { instances: [] } });
    expect(validateProperty(doc)).toContainEqual({
      path: "company.orgId",
      message:
        "the Web SDK extension needs the property's org id (like ABCDEF0123456789ABCDEF01@AdobeOrg)",
    });
  });

  it("has Adobe's form when it is set", () => {
    const doc = smallProperty();
    doc.company.orgId = "acme";
    expect(validateProperty(doc)).toContainEqual({
      path: "company.orgId",
      message: 'expected an org id like ABCDEF0123456789ABCDEF01@AdobeOrg, got "acme"',
    });
  });
});
