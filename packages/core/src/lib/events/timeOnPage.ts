import type { Trigger } from "../types.ts";

const waiting: [number, Trigger][] = [];
let seconds = 0;
let timer: ReturnType<typeof setInterval> | undefined;

// One timer for every rule, counting only while the tab is visible (reference §5.1).
function tick() {
  if (document.hidden) return;
  seconds += 1;
  for (let i = waiting.length - 1; i >= 0; i--) {
    const [at, trigger] = waiting[i]!;
    if (seconds >= at) {
      waiting.splice(i, 1);
      trigger({ timeOnPage: at });
    }
  }
}

/** Core event "Time On Page": fires once when the visible time reaches `timeOnPage` seconds. */
export default function timeOnPage(settings: { timeOnPage?: number }, trigger: Trigger): void {
  const at = Number(settings.timeOnPage);
  if (!(at >= 1)) throw new Error("settings.timeOnPage must be a number of seconds ≥ 1.");
  waiting.push([at, trigger]);
  timer ??= setInterval(tick, 1000);
}
