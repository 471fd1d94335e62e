import createDomEvent from "../helpers/createDomEvent.ts";
import type { BubblySettings } from "../helpers/createBubbly.ts";
import legacyItems from "../helpers/legacyItems.ts";
import { toPattern } from "../helpers/matchItems.ts";
import textMatch from "../helpers/textMatch.ts";
import type { ValueItem } from "../types.ts";

export interface ChangeSettings extends BubblySettings, ValueItem {
  /** The new values that fire the rule; empty means any. */
  acceptableChangeValues?: ValueItem[];
}

/** Core event "Change": native `change`; the target's new value must match one item, if any. */
export default createDomEvent<ChangeSettings>("change", (event, settings) => {
  const items = legacyItems(settings.acceptableChangeValues, settings);
  if (!items?.length) return event;
  const value = (event.target as HTMLInputElement).value;
  return items.some((i) => textMatch(value, toPattern(i.value, i.valueIsRegex)))
    ? event
    : undefined;
});
