/** Core's number comparison for the visitor conditions: `>`, `<` or `=` (strict). */
export default function compareNumbers(
  actual: number,
  operator: unknown,
  expected: unknown,
  field = "count",
) {
  const n = Number(expected);
  if (expected === "" || expected == null || !isFinite(n))
    throw new Error(`settings.${field} must be a number.`);
  if (operator === ">") return actual > n;
  if (operator === "<") return actual < n;
  if (operator === "=") return actual === n;
  throw new Error('settings.operator must be ">", "<" or "=".');
}
