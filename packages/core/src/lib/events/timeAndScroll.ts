import measure from "../helpers/scrollDepth.ts";
import type { Trigger } from "../types.ts";

export interface TimeAndScrollSettings {
  /** Percent of the page (spec §9: 50). */
  scrollDepth?: number;
  /** Seconds on the page (spec §9: 30). */
  seconds?: number;
  /** Milliseconds after registration before the first scroll measurement (spec §9: 100). */
  initialDelay?: number;
}

/**
 * The spec's time-and-scroll event (spec §4, §9; not in Launch Core): fires once, as soon
 * as the reader has both scrolled to `scrollDepth` % and spent `seconds` on the page,
 * whichever comes last. Time counts from the rule's registration.
 */
export default function timeAndScroll(settings: TimeAndScrollSettings, trigger: Trigger): void {
  const { scrollDepth = 50, seconds = 30, initialDelay = 100 } = settings || {};
  if (!(Number(scrollDepth) >= 0 && Number(scrollDepth) <= 100))
    throw new Error("settings.scrollDepth must be a percentage between 0 and 100.");
  if (!(Number(seconds) >= 0)) throw new Error("settings.seconds must be a number ≥ 0.");
  let scrolled = false;
  let timed = false;
  let done = false;
  let maxDepth = 0;
  const check = () => {
    if (!scrolled) {
      maxDepth = Math.max(maxDepth, measure());
      scrolled = maxDepth >= Number(scrollDepth);
      if (scrolled) removeEventListener("scroll", check);
    }
    if (scrolled && timed && !done) {
      done = true;
      trigger({ scrollDepth: maxDepth, seconds: Number(seconds) });
    }
  };
  setTimeout(
    () => {
      timed = true;
      check();
    },
    Number(seconds) * 1000,
  );
  setTimeout(() => {
    addEventListener("scroll", check, { passive: true });
    check();
  }, Number(initialDelay));
}
