const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Appends a key to a field path: `a` + `b` → `a.b`, `a` + 0 → `a[0]`; keys that are not
 * identifiers are quoted (`a["data-x"]`). The builder's problems, the studio's fields and
 * the settings checker name places with this one rule, so a server problem lands on the
 * field that shows it.
 */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  const part = IDENTIFIER.test(key) ? key : `[${JSON.stringify(key)}]`;
  if (!path) return part;
  return part.startsWith("[") ? `${path}${part}` : `${path}.${part}`;
}
