import type { RuleEvent } from "../types.ts";

type Source = (this: unknown, event: RuleEvent, target: unknown) => unknown;

/**
 * Core condition "Custom Code": `source` (the build's `function(event, target)`) runs with
 * `this` set to the event's element; its result decides (a promise needs sequencing).
 */
export default function customCode(settings: { source?: unknown }, event: RuleEvent): unknown {
  if (typeof settings.source !== "function")
    throw new Error("settings.source must be a function (the build turns the code into one).");
  return (settings.source as Source).call(event?.element, event, event?.target);
}
