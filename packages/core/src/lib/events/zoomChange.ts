import type { Trigger } from "../types.ts";

const triggers: Trigger[] = [];
let last = "";
let timer: ReturnType<typeof setTimeout> | undefined;
let lastTap = 0;

const zoom = () => (document.documentElement.clientWidth / window.innerWidth).toFixed(2);

// The zoom settles after the gesture; report it 1000 ms later, and only if it changed.
function settle(method: string) {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const now = zoom();
    if (now === last) return;
    last = now;
    for (const trigger of triggers) trigger({ method, zoom: now });
  }, 1000);
}

/**
 * Core event "Zoom Change" (iOS): a pinch (`gestureend`) or a double tap (two `touchend`s
 * within 300 ms) that changed the zoom, as `{method: "pinch" | "double tap", zoom: "x.xx"}`.
 */
export default function zoomChange(_settings: unknown, trigger: Trigger): void {
  if (!triggers.length) {
    last = zoom();
    document.addEventListener("gestureend", () => settle("pinch"), true);
    document.addEventListener(
      "touchend",
      () => {
        const now = Date.now();
        if (now - lastTap < 300) settle("double tap");
        lastTap = now;
      },
      true,
    );
  }
  triggers.push(trigger);
}
