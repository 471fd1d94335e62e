import { manifest } from "@liftoff/core/manifest";
import { checkSettings as validateSettings, type SettingsSchema } from "@liftoff/schema";
import { describe, expect, it } from "vitest";

const settingsOf = (path: string): SettingsSchema =>
  manifest.find((m) => m.path === `core/src/lib/${path}`)!.settings;

describe("checkSettings on the built-in manifests, as the studio runs it", () => {
  it("names a regex that does not compile, where Core marks it with a companion flag", () => {
    const path = settingsOf("conditions/path.js");
    expect(validateSettings(path, { paths: [{ value: "^/auto(", valueIsRegex: true }] })).toEqual([
      {
        path: "paths[0].value",
        message: "not a valid regular expression: Unterminated group",
      },
    ]);
    // The same text is fine as plain text, and a valid regex is fine.
    expect(validateSettings(path, { paths: [{ value: "^/auto(" }] })).toEqual([]);
    expect(
      validateSettings(path, { paths: [{ value: "^/auto(/|$)", valueIsRegex: true }] }),
    ).toEqual([]);
  });

  it("checks a comparison's right operand as a regex only for the regex operators", () => {
    const schema = settingsOf("conditions/valueComparison.js");
    const regex = {
      leftOperand: "%page name%",
      comparison: { operator: "matchesRegex" },
      rightOperand: "[a-",
    };
    expect(validateSettings(schema, regex).map((p) => p.path)).toEqual(["rightOperand"]);
    expect(validateSettings(schema, { ...regex, comparison: { operator: "equals" } })).toEqual([]);
  });

  it("names a CSS selector that does not parse, and accepts one that does", () => {
    const click = settingsOf("events/click.js");
    expect(validateSettings(click, { elementSelector: "a.cta >" })).toEqual([
      { path: "elementSelector", message: "not a valid CSS selector: a.cta >" },
    ]);
    expect(validateSettings(click, { elementSelector: "a.cta, button[data-x='1']" })).toEqual([]);
  });

  it("accepts %data element% tokens wherever text is, and does not parse text that holds one", () => {
    const click = settingsOf("events/click.js");
    expect(validateSettings(click, { elementSelector: "#%button id%[" })).toEqual([]);
    const wait = settingsOf("events/elementAwait.js");
    expect(validateSettings(wait, { elementSelector: "a", timeout: "%timeout%" })).toEqual([]);
  });

  it("reports required fields, numbers out of range or not numbers, and values outside an enum", () => {
    const scroll = settingsOf("events/timeAndScroll.js");
    expect(validateSettings(scroll, { scrollDepth: 150, seconds: -1 })).toEqual([
      { path: "scrollDepth", message: "must be at most 100, got 150" },
      { path: "seconds", message: "must be at least 0, got -1" },
    ]);
    expect(validateSettings(scroll, { scrollDepth: "half" })).toEqual([
      {
        path: "scrollDepth",
        message: 'expected a number or a %data element% token, got "half"',
      },
    ]);
    const viewport = settingsOf("events/entersViewport.js");
    expect(validateSettings(viewport, { frequency: "sometimes" })).toEqual([
      { path: "elementSelector", message: "is required" },
      {
        path: "frequency",
        message: 'expected one of "firstEntry", "everyEntry", got "sometimes"',
      },
    ]);
  });

  it("keeps JSON fields typed: text is refused unless it is one token", () => {
    const schema: SettingsSchema = {
      type: "object",
      properties: { data: { type: "object" }, name: { type: "string", maxLength: 3 } },
    };
    expect(validateSettings(schema, { data: '{"a":1}' })).toEqual([
      { path: "data", message: "expected object, got string" },
    ]);
    expect(validateSettings(schema, { data: "%xdm%" })).toEqual([]);
    // An empty text box in a required field is missing, as in Launch's views.
    expect(
      validateSettings(settingsOf("events/entersViewport.js"), { elementSelector: "" }),
    ).toEqual([{ path: "elementSelector", message: "is required" }]);
    expect(validateSettings(schema, { data: { a: 1 }, name: "long" })).toEqual([
      { path: "name", message: "must be at most 3 characters" },
    ]);
  });
});
