import legacyItems from "../helpers/legacyItems.ts";
import matchItems from "../helpers/matchItems.ts";
import type { ValueItem } from "../types.ts";

export interface QueryStringParameterSettings extends ValueItem {
  name?: string;
  queryParams?: ValueItem[];
}

/** Core condition "Query String Parameter": the parameter must be present and match. */
export default function queryStringParameter(settings: QueryStringParameterSettings): boolean {
  if (typeof settings.name !== "string") throw new Error("settings.name must be a string.");
  const value = new URLSearchParams(location.search).get(settings.name);
  return value != null && matchItems(value, legacyItems(settings.queryParams, settings));
}
