const isPlain = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

function merge(into: Record<string, unknown>, from: Record<string, unknown>) {
  for (const key of Object.keys(from)) {
    const value = from[key];
    const existing = into[key];
    if (value === undefined) continue;
    if (Array.isArray(value))
      into[key] = Array.isArray(existing) ? existing.concat(value) : value.slice();
    else if (isPlain(value)) into[key] = merge(isPlain(existing) ? existing : {}, value);
    else into[key] = value;
  }
  return into;
}

/**
 * Core data element "Merged Objects": a deep merge of `objects` (resolved `%tokens%`) into a
 * new object; arrays concatenate, undefined never overwrites, non-objects are skipped.
 */
export default function mergedObjects(settings: { objects?: unknown[] }): Record<string, unknown> {
  if (!Array.isArray(settings.objects)) throw new Error("settings.objects must be an array.");
  const result: Record<string, unknown> = {};
  for (const item of settings.objects) if (isPlain(item)) merge(result, item);
  return result;
}
