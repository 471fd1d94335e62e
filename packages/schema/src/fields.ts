import { ValidationError } from "./ValidationError.ts";

/** The JSON type names used in messages: `expected string, got number`. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function expected(field: string, what: string, value: unknown): ValidationError {
  return new ValidationError(field, `expected ${what}, got ${typeName(value)}`);
}

export function expectObject(value: unknown, field: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw expected(field, "object", value);
  return value;
}

export function expectString(
  value: unknown,
  field: string,
  opts: { nonEmpty?: boolean } = {},
): string {
  if (typeof value !== "string") throw expected(field, "string", value);
  if (opts.nonEmpty && value.trim() === "") throw new ValidationError(field, "must not be empty");
  return value;
}

export function expectBoolean(value: unknown, field: string): boolean {
  if (typeof value !== "boolean") throw expected(field, "boolean", value);
  return value;
}

export function expectInteger(
  value: unknown,
  field: string,
  opts: { min?: number; max?: number } = {},
): number {
  if (typeof value !== "number" || !Number.isInteger(value))
    throw expected(field, "integer", value);
  if (opts.min !== undefined && value < opts.min)
    throw new ValidationError(field, `must be at least ${opts.min}`);
  if (opts.max !== undefined && value > opts.max)
    throw new ValidationError(field, `must be at most ${opts.max}`);
  return value;
}

export function expectArray(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw expected(field, "array", value);
  return value;
}

export function expectOneOf<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new ValidationError(
      field,
      `expected one of ${allowed.map((a) => `"${a}"`).join(", ")}, got ${JSON.stringify(value)}`,
    );
  }
  return value as T;
}

/** Every string inside a settings value, however deep (tokens and code live in any of them). */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((entry) => stringsIn(entry, out));
  else if (isPlainObject(value)) Object.values(value).forEach((entry) => stringsIn(entry, out));
  return out;
}
