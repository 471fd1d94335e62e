/**
 * Which settings hold regular expressions, and whether one compiles: shared by the builder
 * (a regex that does not compile stops a build) and the studio (said at the field as it is
 * typed). Both run V8's RegExp, the engine Chromium's visitors run.
 */

/**
 * Core marks a regex by a companion flag rather than a format: `value` with `valueIsRegex`
 * (or `pageIsRegex`, `sourceIsRegex`), and a comparison's `rightOperand` when the operator is
 * `matchesRegex` or `doesNotMatchRegex`.
 */
export function holdsRegex(record: Record<string, unknown>, key: string): boolean {
  if (record[`${key}IsRegex`] === true) return true;
  if (key === "value")
    return Object.entries(record).some(([k, v]) => k.endsWith("IsRegex") && v === true);
  if (key === "rightOperand") {
    const operator = (record.comparison as { operator?: unknown } | undefined)?.operator;
    return typeof operator === "string" && operator.endsWith("Regex");
  }
  return false;
}

/** Why the text is not a regular expression, in the engine's words; undefined when it is. */
export function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source);
    return undefined;
  } catch (error) {
    // V8 repeats the pattern ("Invalid regular expression: /^(/: Unterminated group").
    const reason = (error as Error).message.replace(
      /^Invalid regular expression: \/.*\/\w*: /s,
      "",
    );
    return `not a valid regular expression: ${reason}`;
  }
}
