import type { Trigger } from "../types.ts";

/** Core event "Orientation Change": the window's `orientationchange`. */
export default function orientationChange(_settings: unknown, trigger: Trigger): void {
  window.addEventListener("orientationchange", (nativeEvent) =>
    trigger({ element: window, target: window, nativeEvent }),
  );
}
