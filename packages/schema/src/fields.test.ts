import { describe, expect, it } from "vitest";
import {
  expectInteger,
  expectObject,
  expectOneOf,
  expectString,
  typeName,
  ValidationError,
  ValidationErrors,
} from "./index.ts";

describe("field validators", () => {
  it("name the field and the expected type", () => {
    expect(() => expectString(3, "property.name")).toThrow(
      "property.name: expected string, got number",
    );
    expect(() => expectObject([], "company")).toThrow("company: expected object, got array");
    expect(() => expectInteger(1.5, "rules[0].events[0].ruleOrder")).toThrow(
      "expected integer, got number",
    );
  });

  it("carry the field on the error object", () => {
    try {
      expectString("", "datastreamId", { nonEmpty: true });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe("datastreamId");
      expect((error as ValidationError).problem).toBe("must not be empty");
    }
  });

  it("check ranges and enums", () => {
    expect(expectInteger(5, "n", { min: 0, max: 10 })).toBe(5);
    expect(() => expectInteger(-1, "timeout", { min: 0 })).toThrow("timeout: must be at least 0");
    expect(expectOneOf("in", "defaultConsent", ["in", "out", "pending"] as const)).toBe("in");
    expect(() => expectOneOf("maybe", "defaultConsent", ["in", "out"] as const)).toThrow(
      'defaultConsent: expected one of "in", "out", got "maybe"',
    );
  });

  it("report several problems at once", () => {
    const all = new ValidationErrors([
      new ValidationError("a", "x"),
      new ValidationError("b", "y"),
    ]);
    expect(all.message).toBe("a: x\nb: y");
    expect(typeName(null)).toBe("null");
  });
});
