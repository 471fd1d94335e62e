/**
 * Checks settings against a module's settings schema (the JSON Schema subset of
 * SettingsSchema in @liftoff/schema): type, required, enum, minimum/maximum, string length,
 * regular expressions that do not compile, array items and object properties. A whole-string
 * `%token%` is accepted wherever a value is expected, since its type is only known on the
 * page (and text holding a token is not compiled as a regex). Per-stage values are checked
 * stage by stage at fields whose schema declares `stages`, all three stages required; at
 * any other field that is not an object, a per-stage value is a problem.
 */
import {
  holdsRegex,
  isPlainObject,
  regexProblem,
  tokenNames,
  typeName,
  type SettingsSchema,
} from "@liftoff/schema";
import { join } from "./describePlace.ts";
import { STAGES, inner, isPerStage } from "./stageValues.ts";

export interface SettingsProblem {
  path: string;
  message: string;
}

function jsonType(value: unknown): string {
  if (typeof value === "number" && Number.isInteger(value)) return "integer";
  return typeName(value);
}

function typeMatches(expected: string, value: unknown): boolean {
  const actual = jsonType(value);
  if (expected === "number") return actual === "number" || actual === "integer";
  return expected === actual;
}

const SINGLE_VALUE =
  "this field takes one value for every environment; it cannot be written per stage ({development, staging, production})";

const isWholeToken = (value: unknown) =>
  typeof value === "string" && /^%[^%]+%$/.test(value) && tokenNames(value).length === 1;

function checkText(value: string, schema: SettingsSchema, isRegex: boolean): string[] {
  const messages: string[] = [];
  if (schema.minLength !== undefined && value.length < schema.minLength)
    messages.push(`must be at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    messages.push(`must be at most ${schema.maxLength} characters`);
  if ((isRegex || schema.format === "regex") && tokenNames(value).length === 0) {
    const problem = regexProblem(value);
    if (problem) messages.push(problem);
  }
  return messages;
}

/** `isRegex`: a companion flag of the enclosing object marks this text as a regex. */
export default function checkSettings(
  value: unknown,
  schema: SettingsSchema,
  path: string,
  isRegex = false,
): SettingsProblem[] {
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (isPerStage(value)) {
    if (schema.stages) {
      const missing = STAGES.filter((stage) => !(stage in value));
      if (missing.length)
        return [{ path, message: `per-stage value misses ${missing.join(", ")}` }];
      return STAGES.flatMap((stage) =>
        checkSettings(value[stage], inner(schema), join(path, stage), isRegex),
      );
    }
    // An object field may hold stage-named keys as data; any other field is one value.
    if (!types.includes("object")) return [{ path, message: SINGLE_VALUE }];
  }
  if (isWholeToken(value)) return [];
  const problems: SettingsProblem[] = [];
  if (types.length && !types.some((type) => typeMatches(type, value))) {
    problems.push({
      path,
      message: `expected ${types.join(" or ")}, got ${typeName(value)}`,
    });
    return problems;
  }
  if (schema.enum && !schema.enum.some((allowed) => allowed === value))
    problems.push({
      path,
      message: `expected one of ${schema.enum.map((e) => JSON.stringify(e)).join(", ")}, got ${JSON.stringify(value)}`,
    });
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim()
        ? Number(value)
        : NaN;
  if (
    types.includes("number") &&
    typeof value === "string" &&
    !Number.isFinite(number) &&
    !tokenNames(value).length
  )
    problems.push({
      path,
      message: `expected a number or a %data element% token, got ${JSON.stringify(value)}`,
    });
  if (Number.isFinite(number) && (typeof value === "number" || types.includes("number"))) {
    if (schema.minimum !== undefined && number < schema.minimum)
      problems.push({ path, message: `must be at least ${schema.minimum}, got ${number}` });
    if (schema.maximum !== undefined && number > schema.maximum)
      problems.push({ path, message: `must be at most ${schema.maximum}, got ${number}` });
  }
  if (typeof value === "string")
    for (const message of checkText(value, schema, isRegex)) problems.push({ path, message });
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    value.forEach((entry, i) => problems.push(...checkSettings(entry, items, join(path, i))));
  }
  if (isPlainObject(value)) {
    for (const key of schema.required ?? [])
      if (value[key] === undefined || value[key] === null)
        problems.push({ path: join(path, key), message: "is required" });
    for (const [key, propertySchema] of Object.entries(schema.properties ?? {}))
      if (value[key] !== undefined)
        problems.push(
          ...checkSettings(value[key], propertySchema, join(path, key), holdsRegex(value, key)),
        );
  }
  return problems;
}
