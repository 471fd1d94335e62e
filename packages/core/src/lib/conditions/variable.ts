import getObjectProperty from "../helpers/getObjectProperty.ts";
import legacyItems from "../helpers/legacyItems.ts";
import matchItems from "../helpers/matchItems.ts";
import type { ValueItem } from "../types.ts";

export interface VariableSettings extends ValueItem {
  /** A dot path from `window`, e.g. `digitalData.page.type`. */
  name?: string;
  variableValues?: ValueItem[];
}

/** Core condition "Variable": a window dot path, exact text or case-insensitive regex. */
export default function variable(settings: VariableSettings): boolean {
  if (typeof settings.name !== "string") throw new Error("settings.name must be a string.");
  return matchItems(
    getObjectProperty(window, settings.name),
    legacyItems(settings.variableValues, settings),
  );
}
