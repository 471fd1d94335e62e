/**
 * A tiny validator kit that reproduces alloy 2.26.0's message formats
 * (edge-protocol.md §2.2) but, unlike alloy, collects every problem in one pass:
 * a validator returns the cleaned value and pushes problem lines into `problems`.
 *
 * Example: `validate(objectOf({ a: required(boolean) }, true), {}, "")` → problems
 * `["'a' is a required option"]`.
 */
export type Dict = Record<string, unknown>;
export type Validator = (value: unknown, path: string, problems: string[]) => unknown;

/** `null` or `undefined`: alloy validators let both through. */
export const isNil = (value: unknown): value is null | undefined =>
  value === null || value === undefined;

export const isObject = (value: unknown): value is Dict =>
  !!value && typeof value === "object" && !Array.isArray(value);

const expected = (problems: string[], path: string, what: string, value: unknown): undefined => {
  problems.push(`'${path || "options"}': Expected ${what}, but got ${JSON.stringify(value)}.`);
  return undefined;
};

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** A leaf check: `null`/`undefined` pass untouched (alloy validators are null-safe). */
export const typed =
  (test: (value: unknown) => boolean, what: string): Validator =>
  (value, path, problems) =>
    isNil(value) || test(value) ? value : expected(problems, path, what, value);

export const string = typed((v) => typeof v === "string", "a string");
export const nonEmptyString = typed((v) => typeof v === "string" && v !== "", "a non-empty string");
export const boolean = typed((v) => typeof v === "boolean", "true or false");
export const integer = typed((v) => Number.isInteger(v), "an integer");
export const callback = typed((v) => typeof v === "function", "a function");
export const domain = typed(
  (v) => typeof v === "string" && /^[a-z0-9.-]+$/i.test(v),
  "a valid domain",
);
export const enumOf = (...values: unknown[]): Validator =>
  typed((v) => values.includes(v), `one of these values: ${JSON.stringify(values)}`);

export const required =
  (validator: Validator): Validator =>
  (value, path, problems) => {
    if (isNil(value)) {
      problems.push(`'${path}' is a required option`);
      return value;
    }
    return validator(value, path, problems);
  };

export const withDefault =
  (validator: Validator, fallback: unknown): Validator =>
  (value, path, problems) =>
    isNil(value) ? fallback : validator(value, path, problems);

/**
 * An object with known fields. `strict` rejects unknown fields (`noUnknownFields`);
 * otherwise they are copied through untouched.
 */
export const objectOf =
  (schema: Record<string, Validator>, strict?: boolean): Validator =>
  (value, path, problems) => {
    if (isNil(value)) return value;
    if (!isObject(value)) return expected(problems, path, "an object", value);
    const out: Dict = {};
    for (const key in schema) {
      const result = schema[key]!(value[key], join(path, key), problems);
      if (result !== undefined) out[key] = result;
    }
    for (const key in value) {
      if (key in schema) continue;
      if (strict) problems.push(`'${join(path, key)}': Unknown field.`);
      else out[key] = value[key];
    }
    return out;
  };

export const arrayOf =
  (item: Validator, nonEmpty?: boolean): Validator =>
  (value, path, problems) => {
    if (isNil(value)) return value;
    if (!Array.isArray(value)) return expected(problems, path, "an array", value);
    if (nonEmpty && !value.length) return expected(problems, path, "a non-empty array", value);
    return value.map((v, i) => item(v, `${path}[${i}]`, problems));
  };

/** An object whose every value passes `item` (alloy's `mapOfValues`). */
export const mapOf =
  (item: Validator): Validator =>
  (value, path, problems) => {
    if (isNil(value)) return value;
    if (!isObject(value)) return expected(problems, path, "an object", value);
    const out: Dict = {};
    for (const key in value) out[key] = item(value[key], join(path, key), problems);
    return out;
  };

/** Runs `validator` on `value`; returns the cleaned value and every problem found. */
export default function validate(
  validator: Validator,
  value: unknown,
): { value: unknown; problems: string[] } {
  const problems: string[] = [];
  const cleaned = validator(value, "", problems);
  return { value: cleaned, problems };
}
