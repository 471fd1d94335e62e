import type { ValueItem } from "../types.ts";
import textMatch from "./textMatch.ts";

/** `{value, valueIsRegex}` → what textMatch expects; regexes are case-insensitive. */
export const toPattern = (value: string | undefined, isRegex: boolean | undefined) =>
  isRegex && value != null ? new RegExp(value, "i") : value;

/** True when `text` matches any item; an empty list is a missing pattern (throws). */
export default function matchItems(text: unknown, items: ValueItem[] | undefined): boolean {
  if (!items || !items.length) return textMatch(text, undefined);
  return items.some((item) => textMatch(text, toPattern(item.value, item.valueIsRegex)));
}
