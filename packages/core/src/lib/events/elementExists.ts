import matchesProperties, { type ElementProperty } from "../helpers/matchesProperties.ts";
import { env } from "../env.ts";
import type { Trigger } from "../types.ts";

/**
 * Core event "Element Exists": looks for the first element matching `elementSelector` (and
 * `elementProperties`) at once and then every 3000 ms; fires once per rule with
 * `{element, target}`.
 */
export default function elementExists(
  settings: { elementSelector?: string; elementProperties?: ElementProperty[] },
  trigger: Trigger,
): void {
  const { elementSelector, elementProperties } = settings;
  if (typeof elementSelector !== "string" || !elementSelector)
    throw new Error("settings.elementSelector must be a non-empty string.");
  let timer: ReturnType<typeof setInterval> | undefined;
  const look = () => {
    let found: Element | undefined;
    try {
      found = Array.from(document.querySelectorAll(elementSelector)).find(
        (el) => !elementProperties?.length || matchesProperties(el, elementProperties),
      );
    } catch {
      clearInterval(timer);
      env.turbine.logger.warn(
        `Matching element failed. ${elementSelector} is not a valid selector.`,
      );
      return true;
    }
    if (found) {
      clearInterval(timer);
      trigger({ element: found, target: found });
    }
    return !!found;
  };
  setTimeout(() => {
    if (!look()) timer = setInterval(look, 3000);
  }, 0);
}
