/**
 * `%name%` data element tokens in settings. Turbine replaces `%…%` with a data element's value
 * when one has that name and leaves the text alone otherwise (launch-container.md §8.8), so
 * a percent sign in CSS or prose is not a token. To tell them apart, a token here must start
 * with a letter, `_` or `$` and hold no line break: `%page name%` is one, `50%; width: 20%`
 * is not. `%this.…%`, `%event.…%` and `%target.…%` name the rule's event, not a data element.
 */
import { isPlainObject } from "@liftoff/schema";
import { join } from "./describePlace.ts";

const TOKEN = /%([A-Za-z_$][^%\n]*?)%/g;
const EVENT_TOKEN = /^(this|event|target)\./;

export interface TokenUse {
  /** The data element name the token refers to. */
  name: string;
  /** Field path of the string holding it, relative to where the search started. */
  path: string;
}

/** Data element names referenced by tokens in one string. */
export function tokensIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1]!;
    if (!EVENT_TOKEN.test(name) && !/\s$/.test(name)) names.push(name);
  }
  return names;
}

/** Every token in every string of `value` (settings trees), with the path of its string. */
export function findTokens(
  value: unknown,
  path: string,
  skip?: (path: string) => boolean,
): TokenUse[] {
  if (skip?.(path)) return [];
  if (typeof value === "string") return tokensIn(value).map((name) => ({ name, path }));
  if (Array.isArray(value))
    return value.flatMap((entry, i) => findTokens(entry, join(path, i), skip));
  if (isPlainObject(value))
    return Object.entries(value).flatMap(([key, entry]) =>
      findTokens(entry, join(path, key), skip),
    );
  return [];
}
