/**
 * `%name%` data element tokens in settings text. Turbine replaces `%…%` with a data element's
 * value when one has that name and leaves the text alone otherwise (launch-container.md §8.8),
 * so a percent sign in CSS or prose is not a token. To tell them apart, a token here must
 * start with a letter, `_` or `$` and hold no line break: `%page name%` is one, `50%; width:
 * 20%` is not. `%this.…%`, `%event.…%` and `%target.…%` name the rule's event, not a data
 * element. The builder's checks and the studio read tokens with this one rule.
 */
import { FORWARDING_TOKEN, type PropertyPlatform } from "./forwarding.ts";

const TOKEN = /%([A-Za-z_$][^%\n]*?)%/g;
const EVENT_TOKEN = /^(this|event|target)\./;
/**
 * An edge (event forwarding) property writes `{{name}}` instead (FORWARDING_TOKEN), as
 * Launch's Event Forwarding does; the name is everything between the braces.
 */
const WHOLE_EDGE_TOKEN = /^\{\{[^{}]+\}\}$/;

/** Data element names referenced by tokens in one string (`{{name}}` ones for `edge`). */
export function tokenNames(text: string, platform: PropertyPlatform = "web"): string[] {
  if (platform === "edge") return [...text.matchAll(FORWARDING_TOKEN)].map((match) => match[1]!);
  const names: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1]!;
    if (!EVENT_TOKEN.test(name) && !/\s$/.test(name)) names.push(name);
  }
  return names;
}

/** The whole text is one token (it may stand for a number, an object…), event tokens included. */
export function isWholeToken(value: unknown, platform: PropertyPlatform = "web"): value is string {
  if (platform === "edge") return typeof value === "string" && WHOLE_EDGE_TOKEN.test(value);
  return typeof value === "string" && /^%[A-Za-z_$][^%\n]*%$/.test(value) && !/\s%$/.test(value);
}

/** The text holds a token anywhere, so its value is only known on the page. */
export function holdsToken(text: string, platform: PropertyPlatform = "web"): boolean {
  if (platform === "edge") return tokenNames(text, "edge").length > 0;
  return [...text.matchAll(TOKEN)].some((match) => !/\s$/.test(match[1]!));
}
