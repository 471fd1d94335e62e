/**
 * What the original library's `buildInfo` says, read from its text (minified or not), and
 * what migrate-check makes of it: the rebuild's minification, and the `_satellite` keys a
 * newer turbine added that the rebuild may have and the original lacks.
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
 * have it), for an original built with a turbine before 28; explained only when the
 * original's `_satellite` lacks them.
 */
export function explainedKeys(code: string): Explained {
  const version = /^"([^"]*)"$/.exec(buildInfoField(code, "turbineVersion") ?? "")?.[1];
  const major = Number(/^(\d+)\./.exec(version ?? "")?.[1]);
  if (!(major < 28)) return new Map();
  return new Map([["environment", `a newer turbine's API, the original runs turbine ${version}`]]);
}
