/** A value on one line, as a person reads it: strings bare, anything else as JSON. */
export function compactJson(value: unknown, max = 200): string {
  // Values come from JSON messages, so JSON.stringify cannot meet a cycle; `undefined` can be.
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
