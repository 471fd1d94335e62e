import type { Trigger } from "../types.ts";

/**
 * Core event "Custom Code" (reference §5.1): the rule's `source` (a function the build made
 * from the code, parameter `trigger`) decides when to fire.
 */
export default function customCode(settings: { source?: unknown }, trigger: Trigger): void {
  if (typeof settings?.source !== "function")
    throw new Error("settings.source must be a function (the build turns the code into one).");
  (settings.source as (trigger: Trigger) => void)(trigger);
}
