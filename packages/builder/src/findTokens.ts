/**
 * `%name%` data element tokens in settings trees (`{{name}}` in an edge property), found by
 * @liftoff/schema's `tokenNames` (what counts as a token is written there once, for the
 * builder and the studio).
 */
import { isPlainObject, tokenNames, type PropertyPlatform } from "@liftoff/schema";
import { join } from "./describePlace.ts";

/** A token as its property writes it: `%name%` on the web, `{{name}}` in an edge property. */
export function tokenText(name: string, platform: PropertyPlatform = "web"): string {
  return platform === "edge" ? `{{${name}}}` : `%${name}%`;
}

export interface TokenUse {
  /** The data element name the token refers to. */
  name: string;
  /** Field path of the string holding it, relative to where the search started. */
  path: string;
}

/** Every token in every string of `value` (settings trees), with the path of its string. */
export function findTokens(
  value: unknown,
  path: string,
  skip?: (path: string) => boolean,
  platform: PropertyPlatform = "web",
): TokenUse[] {
  if (skip?.(path)) return [];
  if (typeof value === "string") return tokenNames(value, platform).map((name) => ({ name, path }));
  if (Array.isArray(value))
    return value.flatMap((entry, i) => findTokens(entry, join(path, i), skip, platform));
  if (isPlainObject(value))
    return Object.entries(value).flatMap(([key, entry]) =>
      findTokens(entry, join(path, key), skip, platform),
    );
  return [];
}
