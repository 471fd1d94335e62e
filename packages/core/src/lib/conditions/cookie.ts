import legacyItems from "../helpers/legacyItems.ts";
import matchItems from "../helpers/matchItems.ts";
import getCookie from "../helpers/reactorCookie.ts";
import type { ValueItem } from "../types.ts";

export interface CookieSettings extends ValueItem {
  name?: string;
  cookieValues?: ValueItem[];
}

/** Core condition "Cookie": false when the cookie is missing, else its value must match. */
export default function cookie(settings: CookieSettings): boolean {
  if (typeof settings.name !== "string") throw new Error("settings.name must be a string.");
  const value = getCookie(settings.name);
  return value !== undefined && matchItems(value, legacyItems(settings.cookieValues, settings));
}
