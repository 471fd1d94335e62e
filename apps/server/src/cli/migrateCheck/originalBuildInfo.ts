/**
 * What the original library's `buildInfo` says, read from its text (minified or not), and
 * what migrate-check makes of it: the rebuild's minification, and the `_satellite` keys a
 * newer turbine or Core added that the rebuild may have and the original lacks.
 */
import type { Explained } from "./compareObservations.ts";

/** What the original's `buildInfo` says, read from its text. */
const buildInfoField = (code: string, field: string) =>
  new RegExp(`"?buildInfo"?\\s*:\\s*\\{[^}]*?"?${field}"?\\s*:\\s*("[^"]*"|!0|!1|true|false)`).exec(
    code,
  )?.[1];

/** The original's minification: the rebuild asks for hosted files by the same names. */
export function originalMinified(code: string): boolean | undefined {
  const value = buildInfoField(code, "minified");
  return value === undefined ? undefined : value === "!0" || value === "true";
}

/**
 * `_satellite` keys a newer turbine added (`environment`: 27.0.0 lacks it, 27.5.0 and 28
 * have it), for an original built with a turbine before 28.
 */
function turbineKeys(code: string): [string, string][] {
  const version = /^"([^"]*)"$/.exec(buildInfoField(code, "turbineVersion") ?? "")?.[1];
  const major = Number(/^(\d+)\./.exec(version ?? "")?.[1]);
  if (!(major < 28)) return [];
  return [["environment", `a newer turbine's API, the original runs turbine ${version}`]];
}

const CUSTOM_CODE_MODULE = "core/src/lib/actions/customCode.js";
const HTML_CALLBACKS = ["_onCustomCodeSuccess", "_onCustomCodeFailure"];

/**
 * The HTML callbacks a newer Core's custom-code action puts on `_satellite` when it loads
 * (Liftoff's Core has them). A library does not record its extensions' versions, but it
 * carries the Core module's code: one that never names a callback predates them. Without a
 * custom-code module neither side's Core adds them, so nothing is explained.
 */
function coreKeys(code: string): [string, string][] {
  if (!code.includes(CUSTOM_CODE_MODULE)) return [];
  return HTML_CALLBACKS.filter((key) => !code.includes(key)).map((key) => [
    key,
    "a newer Core extension's API (HTML custom code that reports back), which the original's Core custom-code module does not define",
  ]);
}

/**
 * `_satellite` keys the rebuild may have that the original lacks because its turbine or its
 * Core is older, with the reason; explained only when the original's `_satellite` lacks them.
 */
export function explainedKeys(code: string): Explained {
  return new Map([...turbineKeys(code), ...coreKeys(code)]);
}
