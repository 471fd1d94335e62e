/**
 * Core's "Value Comparison" condition (spec §5; reference §5.2): compares a left operand
 * (a resolved `%data element%`) with a right operand using one of 18 operators.
 * - equals / doesNotEqual: loose equality, strings lower-cased when caseInsensitive.
 * - string operators: numbers are cast to strings; both sides must then be strings.
 * - number operators: strings are cast with Number(); both sides must be finite numbers.
 * - isTrue / isFalse are strict; isTruthy / isFalsy take no right operand.
 */
export type Operator =
  | "equals"
  | "doesNotEqual"
  | "contains"
  | "doesNotContain"
  | "startsWith"
  | "doesNotStartWith"
  | "endsWith"
  | "doesNotEndWith"
  | "matchesRegex"
  | "doesNotMatchRegex"
  | "lessThan"
  | "lessThanOrEqual"
  | "greaterThan"
  | "greaterThanOrEqual"
  | "isTrue"
  | "isTruthy"
  | "isFalse"
  | "isFalsy";

export interface ValueComparisonSettings {
  leftOperand: unknown;
  comparison: { operator: Operator; caseInsensitive?: boolean };
  rightOperand?: unknown;
}

const lower = (v: unknown, ci: boolean | undefined) =>
  ci && typeof v === "string" ? v.toLowerCase() : v;
const asString = (v: unknown) => (typeof v === "number" ? String(v) : v);
const asNumber = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v);

function strings(test: (l: string, r: string) => boolean) {
  return (l: unknown, r: unknown, ci?: boolean) => {
    const a = lower(asString(l), ci);
    const b = lower(asString(r), ci);
    return typeof a === "string" && typeof b === "string" && test(a, b);
  };
}

function numbers(test: (l: number, r: number) => boolean) {
  return (l: unknown, r: unknown) => {
    const a = asNumber(l);
    const b = asNumber(r);
    return (
      typeof a === "number" && typeof b === "number" && isFinite(a) && isFinite(b) && test(a, b)
    );
  };
}

type Test = (l: unknown, r: unknown, ci?: boolean) => boolean;

// eslint-disable-next-line eqeqeq -- Launch compares with loose equality on purpose.
const equals: Test = (l, r, ci) => lower(l, ci) == lower(r, ci);
const contains = strings((a, b) => a.indexOf(b) !== -1);
const startsWith = strings((a, b) => a.indexOf(b) === 0);
const endsWith = strings((a, b) => a.length >= b.length && a.slice(a.length - b.length) === b);
const matchesRegex: Test = (l, r, ci) => {
  const a = asString(l);
  const b = asString(r);
  return typeof a === "string" && typeof b === "string" && new RegExp(b, ci ? "i" : "").test(a);
};
const not =
  (t: Test): Test =>
  (l, r, ci) =>
    !t(l, r, ci);

export const operators: Record<Operator, Test> = {
  equals,
  doesNotEqual: not(equals),
  contains,
  doesNotContain: not(contains),
  startsWith,
  doesNotStartWith: not(startsWith),
  endsWith,
  doesNotEndWith: not(endsWith),
  matchesRegex,
  doesNotMatchRegex: not(matchesRegex),
  lessThan: numbers((a, b) => a < b),
  lessThanOrEqual: numbers((a, b) => a <= b),
  greaterThan: numbers((a, b) => a > b),
  greaterThanOrEqual: numbers((a, b) => a >= b),
  isTrue: (l) => l === true,
  isTruthy: (l) => Boolean(l),
  isFalse: (l) => l === false,
  isFalsy: (l) => !l,
};

export default function valueComparison(settings: ValueComparisonSettings): boolean {
  const { operator, caseInsensitive } = settings.comparison;
  const test = operators[operator];
  if (!test) throw new Error(`Unknown value-comparison operator "${String(operator)}".`);
  return test(settings.leftOperand, settings.rightOperand, caseInsensitive);
}
