/** Debug output flag, persisted as `localStorage["com.adobe.reactor.debug"]` (reference §3.5). */
export interface DebugController {
  enabled_: () => boolean;
  set_: (value: boolean) => void;
  onChanged_: (listener: (enabled: boolean) => void) => void;
}

const KEY = "com.adobe.reactor.debug";

export default function createDebugController(): DebugController {
  let enabled = false;
  // Storage can be disabled (private modes, sandboxed frames): debug then starts off.
  try {
    enabled = localStorage.getItem(KEY) === "true";
  } catch {
    // stays off
  }
  const listeners: ((enabled: boolean) => void)[] = [];
  return {
    enabled_: () => enabled,
    set_(value) {
      if (value === enabled) return;
      enabled = value;
      try {
        localStorage.setItem(KEY, String(value));
      } catch {
        // the setting lasts for this page only
      }
      listeners.forEach((listener) => listener(value));
    },
    onChanged_: (listener) => void listeners.push(listener),
  };
}
