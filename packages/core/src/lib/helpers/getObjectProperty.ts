/** Reads a dot path such as `digitalData.page.name` from an object; missing steps give undefined. */
export default function getObjectProperty(host: unknown, path: string): unknown {
  let value = host;
  for (const key of path.split(".")) {
    if (value == null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
