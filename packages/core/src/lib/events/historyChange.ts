import type { Trigger } from "../types.ts";

const triggers: Trigger[] = [];
let lastHref = "";
let scheduled = false;

function check() {
  scheduled = false;
  if (location.href === lastHref) return;
  lastHref = location.href;
  for (const trigger of triggers) trigger({});
}

// Several history calls in one task (a router's replaceState right after pushState) are
// one change; the 0 ms debounce also lets the page finish updating before rules read it.
function schedule() {
  if (!scheduled) {
    scheduled = true;
    setTimeout(check, 0);
  }
}

function install() {
  lastHref = location.href;
  for (const name of ["pushState", "replaceState"] as const) {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- re-applied with `this` below.
    const original = history[name];
    history[name] = function (this: History, ...args: Parameters<History["pushState"]>) {
      const result = original.apply(this, args);
      schedule();
      return result;
    };
  }
  window.addEventListener("popstate", schedule);
  window.addEventListener("hashchange", schedule);
}

/**
 * Core event "History Change" (reference §5.1): `pushState`, `replaceState`, `popstate` and
 * `hashchange`, debounced 0 ms, fire only when `location.href` actually changed.
 */
export default function historyChange(_settings: unknown, trigger: Trigger): void {
  if (!triggers.length) install();
  triggers.push(trigger);
}
