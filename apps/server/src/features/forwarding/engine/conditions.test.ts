import type { RulesetModule } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { OPERATORS, type Operator } from "./compareValues.ts";
import { checkCondition } from "./conditions.ts";
import { createDataElementReader } from "./createDataElementReader.ts";
import { CONDITION, DATA_ELEMENT, arc, module, ruleset } from "./engineTestSupport.ts";

const event = arc({
  web: { webPageDetails: { URL: "https://shop.example/Products/shoes?x=1#top" } },
});
const read = createDataElementReader(
  ruleset([], {
    name: module(DATA_ELEMENT.constant, { value: "Shoes" }),
    count: module(DATA_ELEMENT.constant, { value: 3 }),
    secret: module(DATA_ELEMENT.secret, { name: "key" }),
  }),
  event,
);
const check = (condition: RulesetModule, at = event) =>
  checkCondition(condition, at, at === event ? read : createDataElementReader(ruleset([]), at));
const compare = (
  left: unknown,
  operator: Operator,
  right?: unknown,
  caseInsensitive = false,
  negate = false,
) =>
  check(
    module(
      CONDITION.valueComparison,
      { leftOperand: left, comparison: { operator, caseInsensitive }, rightOperand: right },
      negate,
    ),
  );

describe("value comparison", () => {
  // [left, operator, right, caseInsensitive, expected]: every operator of web Core, both ways.
  const cases: Array<[unknown, Operator, unknown, boolean, boolean]> = [
    ["Shoes", "equals", "Shoes", false, true],
    ["Shoes", "equals", "shoes", false, false],
    ["Shoes", "equals", "shoes", true, true],
    ["5", "equals", 5, false, true], // loose equality, as Launch
    [null, "equals", undefined, false, true],
    ["Shoes", "doesNotEqual", "shoes", false, true],
    ["Shoes", "doesNotEqual", "shoes", true, false],
    ["Big Shoes", "contains", "Shoes", false, true],
    ["Big Shoes", "contains", "shoes", false, false],
    ["Big Shoes", "contains", "shoes", true, true],
    [12345, "contains", 234, false, true], // numbers compare as text
    [{ a: 1 }, "contains", "a", false, false], // no text, no match
    ["Big Shoes", "doesNotContain", "Hat", false, true],
    ["Big Shoes", "doesNotContain", "Shoes", false, false],
    [{ a: 1 }, "doesNotContain", "a", false, true],
    ["Big Shoes", "startsWith", "Big", false, true],
    ["Big Shoes", "startsWith", "big", true, true],
    ["Big Shoes", "startsWith", "Shoes", false, false],
    ["Big Shoes", "doesNotStartWith", "Shoes", false, true],
    ["Big Shoes", "doesNotStartWith", "Big", false, false],
    ["Big Shoes", "endsWith", "Shoes", false, true],
    ["Big Shoes", "endsWith", "SHOES", true, true],
    ["Big Shoes", "endsWith", "Big", false, false],
    ["Big Shoes", "doesNotEndWith", "Big", false, true],
    ["Big Shoes", "doesNotEndWith", "Shoes", false, false],
    ["order-123", "matchesRegex", "^order-\\d+$", false, true],
    ["ORDER-123", "matchesRegex", "^order-\\d+$", false, false],
    ["ORDER-123", "matchesRegex", "^order-\\d+$", true, true],
    [404, "matchesRegex", "^4", false, true],
    ["order-123", "doesNotMatchRegex", "^cart", false, true],
    ["order-123", "doesNotMatchRegex", "^order", false, false],
    [3, "lessThan", 4, false, true],
    ["3", "lessThan", "10", false, true], // numbers, not text order
    [4, "lessThan", 4, false, false],
    ["abc", "lessThan", 4, false, false], // not a number: never
    ["", "lessThan", 4, false, false],
    [4, "lessThanOrEqual", 4, false, true],
    [5, "lessThanOrEqual", 4, false, false],
    [5, "greaterThan", 4, false, true],
    [4, "greaterThan", "4", false, false],
    [" 7 ", "greaterThan", 4, false, true],
    [4, "greaterThanOrEqual", 4, false, true],
    [3, "greaterThanOrEqual", 4, false, false],
    [true, "isTrue", undefined, false, true],
    ["true", "isTrue", undefined, false, false],
    ["x", "isTruthy", undefined, false, true],
    [0, "isTruthy", undefined, false, false],
    [false, "isFalse", undefined, false, true],
    [0, "isFalse", undefined, false, false],
    ["", "isFalsy", undefined, false, true],
    ["0", "isFalsy", undefined, false, false],
  ];

  it.each(cases)("%j %s %j (case-insensitive %s) is %s", (left, operator, right, ci, expected) => {
    expect(compare(left, operator, right, ci)).toBe(expected);
  });

  it("covers every operator", () => {
    expect(new Set(cases.map((c) => c[1]))).toEqual(new Set(OPERATORS));
  });

  it("reads operands through tokens, keeping their types", () => {
    expect(compare("{{count}}", "equals", 3)).toBe(true);
    expect(compare("{{count}}", "greaterThan", "2")).toBe(true);
    expect(compare("{{name}} and socks", "startsWith", "{{name}}")).toBe(true);
    expect(compare("{{nothing}}", "isFalsy")).toBe(true);
  });

  it("turns over with negate", () => {
    expect(compare("Shoes", "equals", "Shoes", false, true)).toBe(false);
    expect(compare("Shoes", "equals", "Hat", false, true)).toBe(true);
  });

  it("refuses a bad regex, an unknown operator and a secret, instead of answering", () => {
    expect(() => compare("x", "matchesRegex", "(")).toThrow(
      '"(" is not a valid regular expression',
    );
    expect(() => compare("x", "isBig" as Operator, 1)).toThrow('unknown operator "isBig"');
    expect(() => compare("{{secret}}", "equals", "k")).toThrow("a secret cannot be compared");
  });
});

describe("path condition", () => {
  const path = (paths: unknown[], at = event) => check(module(CONDITION.path, { paths }), at);

  it("matches the page URL's path exactly, or by a case-insensitive regex", () => {
    expect(path([{ value: "/Products/shoes" }])).toBe(true);
    expect(path([{ value: "/products/shoes" }])).toBe(false);
    expect(path([{ value: "/cart" }, { value: "^/products/", valueIsRegex: true }])).toBe(true);
    expect(path([{ value: "shoes$", valueIsRegex: true }])).toBe(true); // query and hash are not the path
  });

  it("is false for an event without a URL that parses, and refuses no paths at all", () => {
    expect(path([{ value: "/" }], arc({ web: {} }))).toBe(false);
    expect(path([{ value: "/" }], arc({ web: { webPageDetails: { URL: "not a url" } } }))).toBe(
      false,
    );
    expect(() => path([])).toThrow("no paths to match");
  });
});

describe("regex condition", () => {
  const regex = (settings: Record<string, unknown>, negate = false) =>
    check(module(CONDITION.regex, settings, negate));
  it("tests the value's text against the pattern", () => {
    expect(regex({ value: "{{name}}", pattern: "^Sho" })).toBe(true);
    expect(regex({ value: "{{name}}", pattern: "^sho" })).toBe(false);
    expect(regex({ value: "{{name}}", pattern: "^sho", caseInsensitive: true })).toBe(true);
    expect(regex({ value: "{{count}}", pattern: "^\\d$" })).toBe(true);
    expect(regex({ value: "{{name}}", pattern: "^Sho" }, true)).toBe(false);
  });
  it("refuses a pattern that does not compile", () => {
    expect(() => regex({ value: "x", pattern: "[a-" })).toThrow(
      '"[a-" is not a valid regular expression',
    );
  });
});

describe("logic condition", () => {
  const yes = module(CONDITION.valueComparison, {
    leftOperand: 1,
    comparison: { operator: "equals" },
    rightOperand: 1,
  });
  const no = module(CONDITION.valueComparison, {
    leftOperand: 1,
    comparison: { operator: "equals" },
    rightOperand: 2,
  });
  const logic = (operator: string, conditions: RulesetModule[], negate = false) =>
    module(CONDITION.logic, { operator, conditions }, negate);

  it("needs all, or any, of its conditions, each of which may be negated", () => {
    expect(check(logic("all", [yes, yes]))).toBe(true);
    expect(check(logic("all", [yes, no]))).toBe(false);
    expect(check(logic("any", [no, yes]))).toBe(true);
    expect(check(logic("any", [no, no]))).toBe(false);
    expect(check(logic("all", [yes, { ...no, negate: true }]))).toBe(true);
    expect(check(logic("any", [no, no], true))).toBe(true);
  });

  it("nests three deep and no deeper", () => {
    const three = logic("all", [
      logic("any", [
        no,
        logic("all", [
          yes,
          module(CONDITION.path, { paths: [{ value: "^/products", valueIsRegex: true }] }),
        ]),
      ]),
    ]);
    expect(check(three)).toBe(true);
    const four = logic("all", [logic("all", [logic("all", [logic("all", [yes])])])]);
    expect(() => check(four)).toThrow("logic conditions nest at most 3 deep");
  });

  it("refuses an unknown operator and an unknown inner condition", () => {
    expect(() => check(logic("most", [yes]))).toThrow('operator must be all or any, got "most"');
    expect(() => check(logic("all", [module("core/src/lib/conditions/cookie.js")]))).toThrow(
      "unknown condition module core/src/lib/conditions/cookie.js",
    );
  });
});
