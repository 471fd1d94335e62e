import type { ValueItem } from "../types.ts";

/** Core's list settings, or the single `value`/`valueIsRegex` older properties carry. */
export default function legacyItems(
  list: ValueItem[] | undefined,
  settings: { value?: string; valueIsRegex?: boolean },
): ValueItem[] | undefined {
  return list || (settings.value == null ? undefined : [settings]);
}
