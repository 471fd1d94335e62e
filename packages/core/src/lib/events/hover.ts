import matchesProperties, { type ElementProperty } from "../helpers/matchesProperties.ts";
import matchesSelector from "../helpers/matchesSelector.ts";
import type { Trigger } from "../types.ts";

export interface HoverSettings {
  elementSelector: string;
  elementProperties?: ElementProperty[];
  /** Milliseconds the pointer must stay on the element (default 0). */
  delay?: number;
}

const rules: [HoverSettings, Trigger][] = [];
const pending = new WeakMap<Element, ReturnType<typeof setTimeout>[]>();

function enter(nativeEvent: Event) {
  const element = nativeEvent.target as Element;
  const timers: ReturnType<typeof setTimeout>[] = [];
  for (const [settings, trigger] of rules) {
    if (!matchesSelector(element, settings.elementSelector)) continue;
    if (
      settings.elementProperties?.length &&
      !matchesProperties(element, settings.elementProperties)
    )
      continue;
    const delay = Number(settings.delay) || 0;
    const fire = () => trigger({ element, target: element, nativeEvent, delay });
    if (delay) timers.push(setTimeout(fire, delay));
    else fire();
  }
  if (timers.length) pending.set(element, timers);
}

function leave(nativeEvent: Event) {
  const timers = pending.get(nativeEvent.target as Element);
  if (timers) timers.forEach(clearTimeout);
}

/**
 * Core event "Hover": the pointer enters a matching element and stays `delay` ms (leaving
 * first cancels). One capture listener on `document` sees every element's `mouseenter`,
 * so elements added later need no rescan.
 */
export default function hover(settings: HoverSettings, trigger: Trigger): void {
  if (typeof settings?.elementSelector !== "string" || !settings.elementSelector)
    throw new Error("settings.elementSelector must be a non-empty string.");
  if (!rules.length) {
    document.addEventListener("mouseenter", enter, true);
    document.addEventListener("mouseleave", leave, true);
  }
  rules.push([settings, trigger]);
}
