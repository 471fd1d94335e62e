/**
 * The one settings checker: the studio runs it as the user types, the server before it saves
 * and the builder before it builds, so a fault is found once and worded once. It holds a
 * value to its module's settings schema (the JSON Schema subset of SettingsSchema): type,
 * required, enum, minimum/maximum, string length, regular expressions that do not compile,
 * CSS selectors browsers refuse, JSON fields holding text, list items and object properties.
 *
 * A whole-string `%token%` is accepted wherever a value is expected, since its type is only
 * known on the page, and text holding a token is not parsed as a regex or selector. Per-stage
 * values are checked stage by stage at fields whose schema declares `stages`, all three
 * stages required; at any other field that is not an object, a per-stage value is a problem.
 */
import { isPlainObject, typeName } from "./fields.ts";
import { joinPath } from "./fieldPath.ts";
import type { SettingsSchema } from "./manifest.ts";
import { holdsRegex, regexProblem } from "./regexSettings.ts";
import { selectorProblem } from "./selectorProblem.ts";
import { STAGES, isPerStage, stageSchema } from "./stages.ts";
import { holdsToken, isWholeToken } from "./tokens.ts";
import type { PropertyPlatform } from "./forwarding.ts";

export interface SettingsProblem {
  /** The field, relative to the path the check started at (`source`, `paths[0].value`). */
  path: string;
  message: string;
}

const SINGLE_VALUE =
  "this field takes one value for every environment; it cannot be written per stage ({development, staging, production})";

/** What a token looks like in the messages: `%data element%` on the web, `{{data element}}` on the edge. */
const tokenWord = (platform: PropertyPlatform) =>
  platform === "edge" ? "{{data element}}" : "%data element%";

/**
 * Problems of `value` against `schema`, with paths under `path` (`""` for paths relative to
 * the settings). `isRegex`: a companion flag of the enclosing object marks this text as a
 * regex (Core's `valueIsRegex`). `platform`: the property's, which decides what a token is
 * (`%name%` on the web, `{{name}}` in an event forwarding property).
 */
export function checkSettings(
  schema: SettingsSchema,
  value: unknown,
  path = "",
  isRegex = false,
  platform: PropertyPlatform = "web",
): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  check(schema, value, path, isRegex, problems, platform);
  return problems;
}

function check(
  schema: SettingsSchema,
  value: unknown,
  path: string,
  isRegex: boolean,
  out: SettingsProblem[],
  platform: PropertyPlatform,
): void {
  const say = (message: string) => out.push({ path, message });
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (isPerStage(value)) {
    if (schema.stages) {
      const missing = STAGES.filter((stage) => !(stage in value));
      if (missing.length) return void say(`per-stage value misses ${missing.join(", ")}`);
      for (const stage of STAGES)
        check(stageSchema(schema), value[stage], joinPath(path, stage), isRegex, out, platform);
      return;
    }
    // An object field may hold stage-named keys as data; any other field is one value.
    if (!types.includes("object")) return void say(SINGLE_VALUE);
  }
  if (isWholeToken(value, platform)) return;
  if (types.length && !types.some((type) => typeMatches(type, value)))
    return void say(`expected ${types.join(" or ")}, got ${typeName(value)}`);
  if (schema.enum && !schema.enum.some((allowed) => allowed === value))
    say(
      `expected one of ${schema.enum.map((e) => JSON.stringify(e)).join(", ")}, got ${JSON.stringify(value)}`,
    );
  if (schema.format === "json" && typeof value === "string")
    say(`expected JSON (an object or a list) or one ${tokenWord(platform)} token, got text`);
  checkNumber(schema, types, value, say, platform);
  if (typeof value === "string") checkText(schema, value, isRegex, say, platform);
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    value.forEach((entry, i) => check(items, entry, joinPath(path, i), false, out, platform));
  }
  if (isPlainObject(value)) checkObject(schema, value, path, out, platform);
}

function checkObject(
  schema: SettingsSchema,
  value: Record<string, unknown>,
  path: string,
  out: SettingsProblem[],
  platform: PropertyPlatform,
): void {
  // An empty text box is as missing as an absent key: Launch's views refuse both.
  const missing = new Set(
    (schema.required ?? []).filter(
      (key) => value[key] === undefined || value[key] === null || value[key] === "",
    ),
  );
  for (const key of missing) out.push({ path: joinPath(path, key), message: "is required" });
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    if (value[key] !== undefined && !missing.has(key))
      check(child, value[key], joinPath(path, key), holdsRegex(value, key), out, platform);
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

function checkNumber(
  schema: SettingsSchema,
  types: string[],
  value: unknown,
  say: (message: string) => void,
  platform: PropertyPlatform,
): void {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim()
        ? Number(value)
        : NaN;
  if (types.includes("number") && typeof value === "string" && !Number.isFinite(number)) {
    if (!holdsToken(value, platform))
      say(`expected a number or a ${tokenWord(platform)} token, got ${JSON.stringify(value)}`);
    return;
  }
  if (!Number.isFinite(number) || !(typeof value === "number" || types.includes("number"))) return;
  if (schema.minimum !== undefined && number < schema.minimum)
    say(`must be at least ${schema.minimum}, got ${number}`);
  if (schema.maximum !== undefined && number > schema.maximum)
    say(`must be at most ${schema.maximum}, got ${number}`);
}

function checkText(
  schema: SettingsSchema,
  value: string,
  isRegex: boolean,
  say: (message: string) => void,
  platform: PropertyPlatform,
): void {
  if (schema.minLength !== undefined && value.length < schema.minLength)
    say(`must be at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    say(`must be at most ${schema.maxLength} characters`);
  // A token's value is only known in the visitor's browser, so text holding one is not parsed.
  if (holdsToken(value, platform)) return;
  if (isRegex || schema.format === "regex") {
    const problem = regexProblem(value);
    if (problem) say(problem);
  }
  if (schema.format === "selector" && value.trim() !== "") {
    const problem = selectorProblem(value);
    if (problem) say(problem);
  }
}
