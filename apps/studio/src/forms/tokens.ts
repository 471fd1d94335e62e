import { tokenNames, type PropertyPlatform } from "@liftoff/schema";

/**
 * `%data element%` tokens: Launch replaces `%name%` in settings strings with the data
 * element's value. While typing, an unclosed `%` before the caret starts a completion.
 * Event forwarding properties write `{{name}}` instead (Launch's Event Forwarding), and an
 * unclosed `{{` starts it there.
 */
export interface TokenQuery {
  /** Index of the opening `%` (or `{{`). */
  start: number;
  /** What was typed after it, up to the caret. */
  text: string;
}

/** How a platform's settings name a data element. */
export interface TokenSyntax {
  open: string;
  close: string;
  /** The data element names a text's tokens name. */
  names: (text: string) => string[];
  /** The whole text is one token (it keeps its value's type: an object stays an object). */
  whole: RegExp;
}

export const PERCENT_TOKENS: TokenSyntax = {
  open: "%",
  close: "%",
  names: (text) => tokenNames(text),
  whole: /^%[^%\n]+%$/,
};

export const BRACE_TOKENS: TokenSyntax = {
  open: "{{",
  close: "}}",
  names: (text) => tokenNames(text, "edge"),
  whole: /^\{\{[^{}\n]+\}\}$/,
};

export function tokenSyntaxOf(platform: PropertyPlatform): TokenSyntax {
  return platform === "edge" ? BRACE_TOKENS : PERCENT_TOKENS;
}

/** `%name%` or `{{name}}`, as the syntax writes it. */
export function tokenText(syntax: TokenSyntax, name: string): string {
  return syntax.open + name + syntax.close;
}

export function tokenQueryAt(
  value: string,
  caret: number,
  syntax: TokenSyntax = PERCENT_TOKENS,
): TokenQuery | null {
  const before = value.slice(0, caret);
  if (syntax === BRACE_TOKENS) {
    const open = before.lastIndexOf("{{");
    if (open < 0) return null;
    const text = before.slice(open + 2);
    // A brace or line break after the `{{` closes or breaks the token.
    return /[{}\n]/.test(text) ? null : { start: open, text };
  }
  const open = before.lastIndexOf("%");
  if (open < 0) return null;
  // Count the `%` before this one: an odd number means it closes a token instead of opening one.
  let count = 0;
  for (let i = 0; i < open; i++) if (before[i] === "%") count++;
  if (count % 2 === 1) return null;
  const text = before.slice(open + 1);
  if (text.includes("\n")) return null;
  return { start: open, text };
}

/** Names matching what was typed: prefix matches first, then substring matches. */
export function matchTokens(names: readonly string[], typed: string, limit = 8): string[] {
  const needle = typed.toLowerCase();
  const prefix: string[] = [];
  const inner: string[] = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower.startsWith(needle)) prefix.push(name);
    else if (lower.includes(needle)) inner.push(name);
  }
  return [...prefix, ...inner].slice(0, limit);
}

/** Replaces the typed query by `%name%` (`{{name}}`) and gives the caret position after it. */
export function applyToken(
  value: string,
  caret: number,
  query: TokenQuery,
  name: string,
  syntax: TokenSyntax = PERCENT_TOKENS,
): { value: string; caret: number } {
  const inserted = tokenText(syntax, name);
  return {
    value: value.slice(0, query.start) + inserted + value.slice(caret),
    caret: query.start + inserted.length,
  };
}
