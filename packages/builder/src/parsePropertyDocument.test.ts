import { ValidationErrors } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { smallProperty } from "../test/fixtureProperty.ts";
import { join } from "./describePlace.ts";
import parsePropertyDocument from "./parsePropertyDocument.ts";

/** The `field: problem` lines of the ValidationErrors thrown for `input`. */
function problems(input: unknown): string[] {
  try {
    parsePropertyDocument(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationErrors);
    return (error as ValidationErrors).errors.map((e) => e.message);
  }
  throw new Error("expected ValidationErrors");
}

describe("parsePropertyDocument", () => {
  it("accepts the fixture and returns it unchanged", () => {
    const doc = smallProperty();
    expect(parsePropertyDocument(doc)).toBe(doc);
  });

  it("rejects what is not an object", () => {
    expect(problems([])).toEqual(["document: expected object, got array"]);
  });

  it("names every bad field by its path, all at once", () => {
    const doc = smallProperty() as unknown as Record<string, any>;
    doc.formatVersion = 2;
    doc.company.orgId = "";
    doc.environments[1].stage = "qa";
    doc.environments[2].id = "prod env";
    doc.rules[0].events[0].modulePath = "click";
    doc.rules[0].actions[0].delayNext = "yes";
    doc.rules[1].conditions = {};
    doc.dataElements[1].storageDuration = "forever";
    doc.dataElements[2].name = "50%";
    expect(problems(doc)).toEqual([
      "formatVersion: expected 1, got 2",
      "company.orgId: must not be empty",
      'environments[1].stage: expected one of "development", "staging", "production", got "qa"',
      "environments[2].id: may contain only letters, digits, _ and - (it is part of the library URL)",
      'dataElements[1].storageDuration: expected one of "pageview", "session", "visitor", got "forever"',
      'rules[0].events[0].modulePath: expected "<extension>/<path>.js", got "click"',
      "rules[0].actions[0].delayNext: expected boolean, got string",
      "rules[1].conditions: expected array, got object",
      "dataElements[2].name: must not contain %",
    ]);
  });

  it("checks opaque module entries", () => {
    const doc = smallProperty() as unknown as Record<string, any>;
    doc.extensions.push({ name: "acme", opaqueModules: { "acme/x.js": { script: 42 } } });
    expect(problems(doc)).toEqual([
      'extensions[2].opaqueModules["acme/x.js"].script: expected string, got number',
    ]);
  });

  // Hosted files are served from the library's folder; one a browser would open as a page
  // (HTML, XML, no type at all) could run an editor's script on the serving origin.
  it("takes hosted files only of the types a tag loads, naming each other file", () => {
    const doc = smallProperty() as unknown as Record<string, any>;
    const hostedFiles = Object.fromEntries(
      ["a.js", "a.mjs", "a.cjs", "a.json", "a.js.map", "a.css", "a.txt", "a.svg", "A.MIN.JS"].map(
        (name) => [name, ""],
      ),
    );
    doc.extensions.push({ name: "acme", hostedFiles });
    expect(parsePropertyDocument(doc)).toBe(doc);
    doc.extensions[2].hostedFiles = {
      "y.html": "<script>alert(1)</script>",
      "y.HTM": "",
      "y.xhtml": "",
      "y.xml": "",
      y: "",
      "y.js.html": "",
      "y.constructor": "",
    };
    expect(problems(doc)).toEqual(
      ["y.html", "y.HTM", "y.xhtml", "y.xml", "y", "y.js.html", "y.constructor"].map(
        (name) =>
          `${join("extensions[2].hostedFiles", name)}: expected a file a tag loads (.js, .mjs, .cjs, .json, .map, .css, .txt or .svg); other types could open as a page on the server's origin`,
      ),
    );
  });
});
