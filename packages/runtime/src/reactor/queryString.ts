/**
 * `@adobe/reactor-query-string`: parse and stringify on top of URLSearchParams, with Launch's
 * conventions: a leading `?`, `#` or `&` is ignored, repeated keys become arrays, spaces are
 * written as `%20`, and object or undefined values as empty strings.
 */
type Query = Record<string, string | string[]>;

function parse(text: unknown): Query {
  const result: Query = {};
  if (typeof text !== "string") return result;
  new URLSearchParams(text.trim().replace(/^[?#&]/, "")).forEach((value, key) => {
    const existing = result[key];
    if (key)
      result[key] = existing === undefined ? value : ([] as string[]).concat(existing, value);
  });
  return result;
}

function stringify(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query)) {
    const value = query[key];
    for (const item of Array.isArray(value)
      ? value
      : [value == null || typeof value === "object" ? "" : value]) {
      params.append(key, String(item));
    }
  }
  // URLSearchParams writes spaces as "+" (and a literal "+" as %2B).
  return params.toString().replace(/\+/g, "%20");
}

export default { parse, stringify };
