import measure from "../helpers/scrollDepth.ts";
import type { Trigger } from "../types.ts";

export interface ScrollDepthSettings {
  /** Percentages of the page; each fires once per page (spec §9: 25, 50, 75, 100). */
  thresholds?: number[];
  /** Milliseconds after registration before the first measurement (spec §9: 100). */
  initialDelay?: number;
  /** Milliseconds the scroll position must rest before it is measured (spec §9: 10). */
  timeSpent?: number;
}

/**
 * The spec's scroll-depth event (spec §4, §9; not in Launch Core). Every threshold reached
 * fires once per page with `{threshold, scrollDepth}`; thresholds are independent (a jump to
 * the bottom fires every one not yet fired, smallest first, with no order enforced between
 * rules), and a page shorter than the window reaches 100 % at the first measurement.
 */
export default function scrollDepth(settings: ScrollDepthSettings, trigger: Trigger): void {
  const { thresholds = [25, 50, 75, 100], initialDelay = 100, timeSpent = 10 } = settings || {};
  if (!Array.isArray(thresholds) || thresholds.some((t) => !(Number(t) >= 0 && Number(t) <= 100)))
    throw new Error("settings.thresholds must be percentages between 0 and 100.");
  const pending = thresholds.map(Number).sort((a, b) => a - b);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    timer = undefined;
    const depth = measure();
    while (pending.length && pending[0]! <= depth)
      trigger({ threshold: pending.shift(), scrollDepth: depth });
    if (!pending.length) removeEventListener("scroll", onScroll);
  };
  const onScroll = () => {
    clearTimeout(timer);
    timer = setTimeout(check, Number(timeSpent));
  };
  setTimeout(() => {
    addEventListener("scroll", onScroll, { passive: true });
    check();
  }, Number(initialDelay));
}
