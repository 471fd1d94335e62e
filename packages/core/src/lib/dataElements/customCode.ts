import type { RuleEvent } from "../types.ts";

/** Core data element "Custom Code": `source(event)`, the build's `function(event)`. */
export default function customCode(settings: { source?: unknown }, event: RuleEvent): unknown {
  if (typeof settings.source !== "function")
    throw new Error("settings.source must be a function (the build turns the code into one).");
  return (settings.source as (event: RuleEvent) => unknown)(event);
}
