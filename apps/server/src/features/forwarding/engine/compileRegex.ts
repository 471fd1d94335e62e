/**
 * Regular expressions from rule settings, compiled once per pattern and flags: a ruleset's
 * patterns are a bounded set, planned for every event. One that does not compile is an
 * EngineError naming it, which the rule's outcome shows.
 */
import { EngineError } from "./EngineError.ts";

const compiled = new Map<string, RegExp>();
const CACHE_MAX = 5_000;

export function compileRegex(pattern: string, flags: "" | "i"): RegExp {
  const key = `${flags}/${pattern}`;
  const known = compiled.get(key);
  if (known) return known;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags);
  } catch (error) {
    const reason = (error as Error).message.replace(
      /^Invalid regular expression: \/.*\/\w*: /s,
      "",
    );
    throw new EngineError(
      `${JSON.stringify(pattern)} is not a valid regular expression: ${reason}`,
    );
  }
  // Patterns holding tokens vary per event; past the cap, new ones are compiled each time.
  if (compiled.size < CACHE_MAX) compiled.set(key, regex);
  return regex;
}
