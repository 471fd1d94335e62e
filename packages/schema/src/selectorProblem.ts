/**
 * Whether text is a CSS selector a visitor's browser accepts (`querySelectorAll` throws on
 * the others, and the rule then never fires). The server checks it before saving, so it
 * cannot ask a browser: the text is parsed with css-what and then held to what browsers add
 * on top of that grammar — no empty selector in a list, no combinator without a selector on
 * both sides, and only pseudo-classes browsers know (an unknown one is a SyntaxError there).
 */
import { AttributeAction, isTraversal, parse, SelectorType, type Selector } from "css-what";

// Pseudo-classes of Selectors Level 4 and the HTML standard that Chromium, Firefox or Safari
// accept in querySelector; vendor-prefixed ones (`:-webkit-autofill`) are taken as they are.
const PSEUDO_CLASSES = new Set([
  "active",
  "any-link",
  "autofill",
  "blank",
  "checked",
  "current",
  "default",
  "defined",
  "dir",
  "disabled",
  "empty",
  "enabled",
  "first-child",
  "first-of-type",
  "focus",
  "focus-visible",
  "focus-within",
  "fullscreen",
  "future",
  "has",
  "host",
  "host-context",
  "hover",
  "in-range",
  "indeterminate",
  "invalid",
  "is",
  "lang",
  "last-child",
  "last-of-type",
  "link",
  "local-link",
  "modal",
  "muted",
  "not",
  "nth-child",
  "nth-col",
  "nth-last-child",
  "nth-last-col",
  "nth-last-of-type",
  "nth-of-type",
  "only-child",
  "only-of-type",
  "open",
  "optional",
  "out-of-range",
  "past",
  "paused",
  "picture-in-picture",
  "placeholder-shown",
  "playing",
  "popover-open",
  "read-only",
  "read-write",
  "required",
  "root",
  "scope",
  "state",
  "target",
  "target-within",
  "user-invalid",
  "user-valid",
  "valid",
  "visited",
  "volume-locked",
  "where",
]);

/** Why `selector` is not a CSS selector, in one wording everywhere; undefined when it is. */
export function selectorProblem(selector: string): string | undefined {
  const invalid = `not a valid CSS selector: ${selector}`;
  // `[href=]`: css-what reads an operator without a value as `""`; browsers refuse it.
  // `a..b`: css-what reads the second dot as part of the class name.
  const syntax = withoutStrings(selector);
  if (/=\s*\]/.test(syntax) || /(^|[^\\])[.#][.#]/.test(syntax)) return invalid;
  let list: Selector[][];
  try {
    list = parse(selector);
  } catch {
    return invalid;
  }
  return list.length > 0 && list.every((part) => acceptable(part, false)) ? undefined : invalid;
}

/** `relative`: inside `:has()`, where a selector may start with a combinator (`:has(> img)`). */
function acceptable(part: Selector[], relative: boolean): boolean {
  if (part.length === 0) return false;
  const first = part[0]!;
  const last = part[part.length - 1]!;
  if (isTraversal(last)) return false;
  if (isTraversal(first) && !(relative && first.type !== SelectorType.Descendant)) return false;
  return part.every((token) => {
    // A named namespace prefix (`svg|rect`) needs an @namespace rule querySelector never has.
    if ("namespace" in token && token.namespace && token.namespace !== "*") return false;
    // `a..b`: a class with no name.
    if (token.type === SelectorType.Attribute && token.action === AttributeAction.Element)
      if (token.value === "") return false;
    if (token.type !== SelectorType.Pseudo) return true;
    const name = token.name.toLowerCase();
    if (!name.startsWith("-") && !PSEUDO_CLASSES.has(name)) return false;
    if (name.startsWith("nth-")) return nthArgument(name, token.data);
    if (Array.isArray(token.data))
      return token.data.every((inner) => acceptable(inner, name === "has"));
    return true;
  });
}

// An+B: `odd`, `even`, `3`, `-n+3`, `2n + 1`…
const AN_PLUS_B = /^(odd|even|[+-]?\d+|[+-]?\d*n(\s*[+-]\s*\d+)?)$/i;

/** `:nth-child(2n+1 of .x)`: the An+B part, and a selector after `of` where the name allows. */
function nthArgument(name: string, data: unknown): boolean {
  if (typeof data !== "string") return false;
  const [formula = "", ...rest] = data.trim().split(/\s+of\s+/i);
  if (!AN_PLUS_B.test(formula.trim())) return false;
  if (rest.length === 0) return true;
  if (name !== "nth-child" && name !== "nth-last-child") return false;
  return selectorProblem(rest.join(" of ")) === undefined;
}

/** The text with quoted strings emptied, so what they hold is not read as syntax. */
function withoutStrings(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
}
