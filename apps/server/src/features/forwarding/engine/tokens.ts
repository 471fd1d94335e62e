/**
 * `{{data element}}` tokens in settings (FORWARDING_TOKEN in @liftoff/schema): a text that is
 * exactly one token takes the data element's value with its type (an object stays an object,
 * a number a number); tokens inside a longer text are replaced by the value's text. A token
 * naming no data element reads as undefined: nothing in a text, the field left out where it
 * is one token (the builder warns about such tokens).
 */
import { FORWARDING_TOKEN, SECRET_OPEN } from "@liftoff/schema";

/** Reads a data element's value by name (memoised per event; throws EngineError). */
export type ReadDataElement = (name: string) => unknown;

const WHOLE = /^\{\{([^{}]+)\}\}$/;

/** A value as it reads inside a text: nothing for undefined/null, JSON for objects. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** One text with its tokens resolved (the value itself when the text is one token). */
export function resolveText(text: string, read: ReadDataElement): unknown {
  if (!text.includes("{{")) return text;
  const whole = WHOLE.exec(text);
  if (whole) return read(whole[1]!);
  return text.replace(FORWARDING_TOKEN, (_, name: string) => textOf(read(name)));
}

/** Every text in a settings tree resolved; other values kept; a new tree, `value` untouched. */
export function resolveTokens(value: unknown, read: ReadDataElement): unknown {
  if (typeof value === "string") return resolveText(value, read);
  if (Array.isArray(value)) return value.map((entry) => resolveTokens(entry, read));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) out[key] = resolveTokens(entry, read);
    return out;
  }
  return value;
}

/** True when a text (or any text in a tree) holds a secret placeholder. */
export function holdsSecret(value: unknown): boolean {
  if (typeof value === "string") return value.includes(SECRET_OPEN);
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (value !== null && typeof value === "object") return Object.values(value).some(holdsSecret);
  return false;
}
