/**
 * `%data element%` tokens: Launch replaces `%name%` in settings strings with the data
 * element's value. While typing, an unclosed `%` before the caret starts a completion.
 */
export interface TokenQuery {
  /** Index of the opening `%`. */
  start: number;
  /** What was typed after it, up to the caret. */
  text: string;
}

export function tokenQueryAt(value: string, caret: number): TokenQuery | null {
  const before = value.slice(0, caret);
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

/** Replaces the typed query by `%name%` and gives the caret position after it. */
export function applyToken(
  value: string,
  caret: number,
  query: TokenQuery,
  name: string,
): { value: string; caret: number } {
  const inserted = `%${name}%`;
  return {
    value: value.slice(0, query.start) + inserted + value.slice(caret),
    caret: query.start + inserted.length,
  };
}
