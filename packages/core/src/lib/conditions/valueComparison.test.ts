import { describe, expect, it } from "vitest";
import valueComparison, { type Operator } from "./valueComparison.ts";

const check = (left: unknown, operator: Operator, right?: unknown, caseInsensitive?: boolean) =>
  valueComparison({
    leftOperand: left,
    comparison: { operator, caseInsensitive },
    rightOperand: right,
  });

describe("value-comparison (spec §5)", () => {
  it.each([
    ["abc", "equals", "abc", false, true],
    ["ABC", "equals", "abc", false, false],
    ["ABC", "equals", "abc", true, true],
    [5, "equals", "5", false, true],
    ["a", "doesNotEqual", "b", false, true],
    ["insurance", "contains", "sur", false, true],
    ["insurance", "doesNotContain", "xyz", false, true],
    [12345, "contains", 234, false, true],
    ["Business", "startsWith", "bus", true, true],
    ["Business", "startsWith", "bus", false, false],
    ["Business", "doesNotStartWith", "x", false, true],
    ["/small-business", "endsWith", "business", false, true],
    ["/small-business", "doesNotEndWith", "business", false, false],
    ["page-not-found", "matchesRegex", "PAGE-NOT", true, true],
    ["page-not-found", "matchesRegex", "PAGE-NOT", false, false],
    ["home", "doesNotMatchRegex", "^404", false, true],
    ["5", "lessThan", 10, false, true],
    ["abc", "lessThan", 10, false, false],
    [10, "lessThanOrEqual", "10", false, true],
    [11, "greaterThan", 10, false, true],
    [10, "greaterThanOrEqual", 10, false, true],
    ["", "greaterThanOrEqual", 0, false, false],
    [true, "isTrue", undefined, false, true],
    ["true", "isTrue", undefined, false, false],
    [1, "isTruthy", undefined, false, true],
    [false, "isFalse", undefined, false, true],
    [0, "isFalse", undefined, false, false],
    ["", "isFalsy", undefined, false, true],
  ] as const)("%j %s %j (ci=%s) → %s", (left, op, right, ci, want) => {
    expect(check(left, op, right, ci)).toBe(want);
  });

  it("string operators need strings on both sides", () => {
    expect(check({}, "contains", "o")).toBe(false);
    expect(check(null, "startsWith", "n")).toBe(false);
    expect(check(undefined, "doesNotContain", "x")).toBe(true);
  });

  it("rejects an unknown operator with its name", () => {
    expect(() => check(1, "around" as Operator, 1)).toThrow(
      'Unknown value-comparison operator "around".',
    );
  });
});
