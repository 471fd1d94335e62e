import createBubbly, { type BubblySettings } from "../helpers/createBubbly.ts";
import type { Trigger } from "../types.ts";

export interface CustomEventSettings extends BubblySettings {
  /** The DOM event type, e.g. `quote:started`. */
  type: string;
}

const bubblies: Record<string, ReturnType<typeof createBubbly<CustomEventSettings>>> = {};

/**
 * Core event "Custom Event" (reference §5.1): a capture listener on `window` per event type;
 * the native event's `detail` is copied onto the synthetic event.
 */
export default function customEvent(settings: CustomEventSettings, trigger: Trigger): void {
  const type = settings?.type;
  if (typeof type !== "string" || !type)
    throw new Error("settings.type must be a non-empty string.");
  let bubbly = bubblies[type];
  if (!bubbly) {
    bubbly = bubblies[type] = createBubbly<CustomEventSettings>((event) => {
      event.detail = (event.nativeEvent as CustomEvent).detail;
      return event;
    });
    window.addEventListener(type, bubbly.evaluate, true);
  }
  bubbly.add(settings, trigger);
}
