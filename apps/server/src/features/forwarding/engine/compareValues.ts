/**
 * The value comparison operators of web Core's "Value Comparison" condition, by the names
 * Launch stores (packages/core/src/lib/conditions/valueComparison.ts), with the same meaning:
 * - equals / doesNotEqual: loose equality (`"5"` equals `5`), texts lower-cased first when
 *   case-insensitive;
 * - text operators: numbers read as their text; anything else never matches (and the
 *   "does not" forms are then true);
 * - number operators: texts read as numbers; both sides must be finite;
 * - isTrue / isFalse are strict; isTruthy / isFalsy take no right operand.
 * A regular expression that does not compile is an EngineError, not a false.
 */
import { compileRegex } from "./compileRegex.ts";

export const OPERATORS = [
  "equals",
  "doesNotEqual",
  "contains",
  "doesNotContain",
  "startsWith",
  "doesNotStartWith",
  "endsWith",
  "doesNotEndWith",
  "matchesRegex",
  "doesNotMatchRegex",
  "lessThan",
  "lessThanOrEqual",
  "greaterThan",
  "greaterThanOrEqual",
  "isTrue",
  "isTruthy",
  "isFalse",
  "isFalsy",
] as const;
export type Operator = (typeof OPERATORS)[number];

type Compare = (left: unknown, right: unknown, caseInsensitive: boolean) => boolean;

/** A number as text; texts as they are; anything else undefined (no text to compare). */
function asText(value: unknown, caseInsensitive: boolean): string | undefined {
  const text =
    typeof value === "number" ? String(value) : typeof value === "string" ? value : undefined;
  return text !== undefined && caseInsensitive ? text.toLowerCase() : text;
}

/** A finite number, from a number or a text that reads as one; else undefined. */
function asNumber(value: unknown): number | undefined {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : NaN;
  return Number.isFinite(number) ? number : undefined;
}

const onTexts =
  (test: (left: string, right: string) => boolean): Compare =>
  (left, right, caseInsensitive) => {
    const a = asText(left, caseInsensitive);
    const b = asText(right, caseInsensitive);
    return a !== undefined && b !== undefined && test(a, b);
  };

const onNumbers =
  (test: (left: number, right: number) => boolean): Compare =>
  (left, right) => {
    const a = asNumber(left);
    const b = asNumber(right);
    return a !== undefined && b !== undefined && test(a, b);
  };

const negated =
  (compare: Compare): Compare =>
  (left, right, caseInsensitive) =>
    !compare(left, right, caseInsensitive);

const equals: Compare = (left, right, caseInsensitive) => {
  const a = caseInsensitive && typeof left === "string" ? left.toLowerCase() : left;
  const b = caseInsensitive && typeof right === "string" ? right.toLowerCase() : right;
  // eslint-disable-next-line eqeqeq -- Launch compares with loose equality ("5" equals 5).
  return a == b;
};

const contains = onTexts((a, b) => a.includes(b));
const startsWith = onTexts((a, b) => a.startsWith(b));
const endsWith = onTexts((a, b) => a.endsWith(b));
/** The pattern is compiled as written, case-insensitive when asked; the text is not lower-cased. */
const matchesRegex: Compare = (left, right, caseInsensitive) => {
  const text = asText(left, false);
  const pattern = asText(right, false);
  return (
    text !== undefined &&
    pattern !== undefined &&
    compileRegex(pattern, caseInsensitive ? "i" : "").test(text)
  );
};

export const compare: Record<Operator, Compare> = {
  equals,
  doesNotEqual: negated(equals),
  contains,
  doesNotContain: negated(contains),
  startsWith,
  doesNotStartWith: negated(startsWith),
  endsWith,
  doesNotEndWith: negated(endsWith),
  matchesRegex,
  doesNotMatchRegex: negated(matchesRegex),
  lessThan: onNumbers((a, b) => a < b),
  lessThanOrEqual: onNumbers((a, b) => a <= b),
  greaterThan: onNumbers((a, b) => a > b),
  greaterThanOrEqual: onNumbers((a, b) => a >= b),
  isTrue: (left) => left === true,
  isTruthy: (left) => Boolean(left),
  isFalse: (left) => left === false,
  isFalsy: (left) => !left,
};

export const isOperator = (name: unknown): name is Operator =>
  typeof name === "string" && (OPERATORS as readonly string[]).includes(name);
