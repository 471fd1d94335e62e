import { holdsRegex, regexProblem, type SettingsSchema } from "@liftoff/schema";
import { childPath, type PathMessage } from "./problems.ts";
import { schemaType } from "./schemaType.ts";

/** A `%data element%` token anywhere in the text: its value is known only in the browser. */
const TOKEN = /%[^%\n]+%/;
/** The whole value is one token (it may stand for a number, an object…). */
const WHOLE_TOKEN = /^%[^%\n]+%$/;

/**
 * Problems a settings value has against its manifest schema, found while the user types:
 * required fields, string lengths, numbers and their range, enums, regexes that do not
 * compile (in this browser's own engine, the one visitors run), CSS selectors that do not
 * parse, and JSON fields holding text. A `%token%` is accepted wherever text is. Paths are
 * relative to the settings, as the builder writes them; the server's validation stays the
 * final word.
 */
export function validateSettings(schema: SettingsSchema, value: unknown): PathMessage[] {
  const out: PathMessage[] = [];
  check(schema, value, "", out, false);
  return out;
}

function check(
  schema: SettingsSchema,
  value: unknown,
  path: string,
  out: PathMessage[],
  isRegex: boolean,
): void {
  if (value === undefined || value === null) return;
  const say = (message: string): void => {
    out.push({ path, message });
  };
  if (typeof value === "string" && WHOLE_TOKEN.test(value)) return;
  switch (schemaType(schema)) {
    case "object":
      return checkObject(schema, value, path, out);
    case "array":
      if (!Array.isArray(value)) return say("expected a list");
      value.forEach((item, i) => check(schema.items ?? {}, item, childPath(path, i), out, false));
      return;
    case "json":
      if (typeof value === "string")
        say("expected JSON (an object or a list), not text; or one %data element% token");
      return;
    case "enum":
      if (!(schema.enum ?? []).includes(value))
        say(`expected one of ${(schema.enum ?? []).map(String).join(", ")}`);
      return;
    case "number":
      return checkNumber(schema, value, say);
    case "string":
      if (typeof value !== "string") return say("expected text");
      return checkString(schema, value, isRegex, say);
    case "any":
      if (typeof value === "string") checkString(schema, value, isRegex, say);
      return;
  }
}

function checkObject(
  schema: SettingsSchema,
  value: unknown,
  path: string,
  out: PathMessage[],
): void {
  if (typeof value !== "object" || Array.isArray(value) || value === null) {
    out.push({ path, message: "expected an object" });
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of schema.required ?? []) {
    const present = record[key];
    if (present === undefined || present === null || present === "")
      out.push({ path: childPath(path, key), message: "required" });
  }
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    check(child, record[key], childPath(path, key), out, holdsRegex(record, key));
}

function checkNumber(schema: SettingsSchema, value: unknown, say: (message: string) => void): void {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || Number.isNaN(number))
    return say("expected a number or a %data element% token");
  if (schema.minimum !== undefined && number < schema.minimum)
    say(`expected at least ${schema.minimum}`);
  if (schema.maximum !== undefined && number > schema.maximum)
    say(`expected at most ${schema.maximum}`);
}

function checkString(
  schema: SettingsSchema,
  value: string,
  isRegex: boolean,
  say: (message: string) => void,
): void {
  if (schema.minLength !== undefined && value.length < schema.minLength)
    say(`expected at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    say(`expected at most ${schema.maxLength} characters`);
  // A token's value is only known in the visitor's browser, so text holding one is not parsed.
  if (TOKEN.test(value)) return;
  if (isRegex || schema.format === "regex") {
    const problem = regexProblem(value);
    if (problem) say(problem);
  }
  if (schema.format === "selector" && value.trim() !== "") {
    const problem = selectorProblem(value);
    if (problem) say(problem);
  }
}

/** Why the text is not a CSS selector; undefined when it is (or when there is no DOM). */
export function selectorProblem(selector: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  try {
    document.createDocumentFragment().querySelector(selector);
    return undefined;
  } catch {
    return `not a valid CSS selector: ${selector}`;
  }
}
