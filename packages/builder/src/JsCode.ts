/**
 * JavaScript that a library carries as code, not as a string: module scripts and settings
 * turned into functions by a transform. `toSource` writes it verbatim; everything else is
 * written as JSON.
 */
export class JsCode {
  constructor(readonly code: string) {}
}

/** JavaScript source for a container value; key order is kept, so output is deterministic. */
export function toSource(value: unknown): string {
  if (value instanceof JsCode) return value.code;
  if (Array.isArray(value)) return `[${value.map(toSource).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toSource(v)}`).join(",")}}`;
  }
  // `undefined` inside arrays has no JSON form; null keeps positions.
  return value === undefined ? "null" : JSON.stringify(value);
}

/** The same value with code as plain source strings (container JSON, export). */
export function toJson(value: unknown): unknown {
  if (value instanceof JsCode) return value.code;
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toJson(v);
    return out;
  }
  return value;
}
