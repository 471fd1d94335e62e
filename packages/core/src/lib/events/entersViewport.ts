import matchesProperties, { type ElementProperty } from "../helpers/matchesProperties.ts";
import { env } from "../env.ts";
import type { Trigger } from "../types.ts";

export interface EntersViewportSettings {
  elementSelector: string;
  elementProperties?: ElementProperty[];
  /** Milliseconds the element must stay in view (default 0). */
  delay?: number;
  frequency?: "firstEntry" | "everyEntry";
}

type Rule = [EntersViewportSettings, Trigger, WeakSet<Element>];
const rules: Rule[] = [];
const visible = new WeakSet<Element>();
const observed = new WeakSet<Element>();
let observer: IntersectionObserver | undefined;

function entered(element: Element) {
  for (const [settings, trigger, fired] of rules) {
    if (!matches(element, settings)) continue;
    if (settings.frequency !== "everyEntry" && fired.has(element)) continue;
    const delay = Number(settings.delay) || 0;
    const fire = () => {
      // A delayed rule fires only if the element is still in view.
      if (!visible.has(element)) return;
      if (settings.frequency !== "everyEntry" && fired.has(element)) return;
      fired.add(element);
      trigger({ element, target: element, delay });
    };
    if (delay) setTimeout(fire, delay);
    else fire();
  }
}

function matches(element: Element, settings: EntersViewportSettings) {
  try {
    return (
      element.matches(settings.elementSelector) &&
      (!settings.elementProperties?.length ||
        matchesProperties(element, settings.elementProperties))
    );
  } catch {
    return false;
  }
}

// Elements appear over time: every rule's selector is rescanned every 3000 ms (Core's interval).
function scan() {
  for (const [settings] of rules) {
    let found: NodeListOf<Element>;
    try {
      found = document.querySelectorAll(settings.elementSelector);
    } catch {
      continue;
    }
    for (const element of Array.from(found)) {
      if (!observed.has(element)) {
        observed.add(element);
        observer!.observe(element);
      }
    }
  }
}

function start() {
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        visible.add(entry.target);
        entered(entry.target);
      } else visible.delete(entry.target);
    }
  });
  const begin = () => {
    scan();
    const timer = setInterval(scan, 3000);
    addEventListener("beforeunload", () => {
      clearInterval(timer);
      observer!.disconnect();
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
  else begin();
}

/**
 * Core event "Enters Viewport": an IntersectionObserver reports matching elements coming
 * into view; with `delay` they must stay that long; `firstEntry` (default) fires once per
 * element and rule, `everyEntry` each time.
 */
export default function entersViewport(settings: EntersViewportSettings, trigger: Trigger): void {
  const selector = settings?.elementSelector;
  if (typeof selector !== "string" || !selector)
    throw new Error("settings.elementSelector must be a non-empty string.");
  try {
    document.createDocumentFragment().querySelector(selector);
  } catch {
    env.turbine.logger.warn(`Matching element failed. ${selector} is not a valid selector.`);
    return;
  }
  rules.push([settings, trigger, new WeakSet()]);
  if (!observer) start();
  else scan();
}
