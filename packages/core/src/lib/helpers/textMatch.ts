/**
 * Core's text matching (reference §5.2): an exact, case-sensitive string match, or a
 * case-insensitive regular expression. A missing pattern is a programming error in the
 * rule's settings, so it throws; the engine logs it and the condition fails.
 */
export default function textMatch(text: unknown, pattern: string | RegExp | undefined | null) {
  if (pattern == null) throw new Error("Illegal Argument: Pattern is not present");
  if (text == null) return false;
  // Numbers and booleans compare as their text; values are read from pages, not typed.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- as Launch compares them.
  const value = String(text);
  return typeof pattern === "string" ? value === pattern : pattern.test(value);
}
