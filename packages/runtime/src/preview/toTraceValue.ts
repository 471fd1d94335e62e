import describeElement from "./describeElement.ts";

const MAX_TEXT = 2000;
const MAX_DEPTH = 8;
const MAX_KEYS = 200;

/**
 * A copy of any page value that JSON can carry and a person can read: elements become their
 * short description, functions `ƒ name`, cycles `[circular]`; long texts, deep nesting and
 * huge objects are cut, so one record stays small.
 */
export default function toTraceValue(value: unknown, depth = 0, seen = new Set<object>()): unknown {
  if (typeof value === "string")
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === "function") return `ƒ ${(value as { name?: string }).name || "anonymous"}`;
  if (typeof value === "bigint" || typeof value === "symbol") return String(value);
  if (typeof value === "number" && !isFinite(value)) return String(value);
  if (value === null || typeof value !== "object") return value;
  if (typeof Element !== "undefined" && value instanceof Element) return describeElement(value);
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? "[…]" : "{…}";
  seen.add(value);
  let copy: unknown;
  if (Array.isArray(value))
    copy = value.slice(0, MAX_KEYS).map((item) => toTraceValue(item, depth + 1, seen));
  else {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).slice(0, MAX_KEYS))
      out[key] = toTraceValue((value as Record<string, unknown>)[key], depth + 1, seen);
    copy = out;
  }
  seen.delete(value);
  return copy;
}
