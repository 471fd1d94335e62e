import type { SyntheticEvent, Trigger } from "../../types.ts";

/**
 * The page lifecycle shared by the library-loaded, page-bottom, dom-ready and window-loaded
 * events (reference §5.1 "Page lifecycle"; spec §4). It is a helper module of its own in a
 * library (build.mjs), so the four events share one state:
 * - stages run in strict order, each once; reaching a stage first fires the earlier ones;
 * - a rule registered after its stage has passed fires at once.
 * Library Loaded is reached when this module starts; Page Bottom when the page calls
 * `_satellite.pageBottom()`; DOM Ready and Window Loaded from the browser, with a 0 ms
 * `readyState` check for libraries that load after those events.
 */
// Stage numbers. The events pass them as literals: a library requires this helper as a
// module whose exports are its default object only (build.mjs).
const LIBRARY_LOADED = 0;
const PAGE_BOTTOM = 1;
const DOM_READY = 2;
const WINDOW_LOADED = 3;

const waiting: Trigger[][] = [[], [], [], []];
const natives: (Event | undefined)[] = [];
let reached = LIBRARY_LOADED;

function eventFor(stage: number): SyntheticEvent {
  const element = stage === DOM_READY ? document : window;
  return { element, target: element, nativeEvent: natives[stage] };
}

function reach(stage: number, nativeEvent?: Event) {
  natives[stage] = nativeEvent;
  while (reached < stage) {
    reached += 1;
    const triggers = waiting[reached]!;
    waiting[reached] = [];
    const event = eventFor(reached);
    for (const trigger of triggers) trigger({ ...event });
  }
}

/** Registers a rule's trigger for a stage; fires at once when the page is already past it. */
function register(stage: number, trigger: Trigger) {
  if (reached >= stage) trigger(eventFor(stage));
  else waiting[stage]!.push(trigger);
}

const satellite = ((window as unknown as { _satellite?: Record<string, unknown> })._satellite ||=
  {});
satellite.pageBottom = () => reach(PAGE_BOTTOM);
document.addEventListener("DOMContentLoaded", (e) => reach(DOM_READY, e), true);
window.addEventListener("load", (e) => reach(WINDOW_LOADED, e), true);
setTimeout(() => {
  const state = document.readyState;
  if (state === "complete") reach(WINDOW_LOADED);
  else if (state === "interactive") reach(DOM_READY);
}, 0);

export default { register, reach };
