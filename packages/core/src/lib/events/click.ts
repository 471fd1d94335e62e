import createBubbly, { type BubblySettings } from "../helpers/createBubbly.ts";
import type { Trigger } from "../types.ts";

export interface ClickSettings extends BubblySettings {
  /** Milliseconds to hold a same-window link so the rule's beacons can leave (optional). */
  anchorDelay?: number;
}

/**
 * The link a click would navigate in this window, or undefined when the browser opens it
 * elsewhere (new tab or window, download with modifier keys, middle button) — those must
 * never be delayed, and neither may a click the page already cancelled.
 */
function delayableLink(e: MouseEvent): HTMLAnchorElement | undefined {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button)
    return undefined;
  let node = e.target as Element | null;
  while (node && !(node.tagName === "A" && node.hasAttribute("href"))) node = node.parentElement;
  if (!node) return undefined;
  const link = node as HTMLAnchorElement;
  const target = link.target;
  const sameWindow =
    !target ||
    target === "_self" ||
    (target === "_top" && window.top === window) ||
    target === window.name;
  return sameWindow && !link.hasAttribute("download") ? link : undefined;
}

const delayed = new WeakSet<Event>();

const bubbly = createBubbly<ClickSettings>((event, settings) => {
  const nativeEvent = event.nativeEvent as MouseEvent & { s_fe?: unknown };
  // AppMeasurement re-dispatches clicks as clones flagged s_fe; they are not user clicks.
  if (nativeEvent.s_fe) return undefined;
  const delay = Number(settings.anchorDelay);
  if (delay > 0 && !delayed.has(nativeEvent)) {
    const link = delayableLink(nativeEvent);
    if (link) {
      delayed.add(nativeEvent);
      nativeEvent.preventDefault();
      const href = link.href;
      setTimeout(() => {
        window.location.href = href;
      }, delay);
    }
  }
  return event;
});

let listening = false;

/**
 * Core event "Click" (reference §5.1): bubbly element filter; with `anchorDelay`, a link
 * that would navigate this window is followed `anchorDelay` ms later instead of at once.
 */
export default function click(settings: ClickSettings, trigger: Trigger): void {
  if (!listening) {
    listening = true;
    document.addEventListener("click", bubbly.evaluate, true);
  }
  bubbly.add(settings || {}, trigger);
}
