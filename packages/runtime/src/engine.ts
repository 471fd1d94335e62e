// Entry of `dist/runtime.min.js`: the engine alone, started from `window._satellite.container`
// exactly as a Launch library is laid out (reference §1.1).
import type { Container } from "@liftoff/schema";
import startRuntime from "./startRuntime.ts";

const w = window as unknown as {
  _satellite?: Record<string, unknown>;
  __satelliteLoaded?: boolean;
  atob?: unknown;
};
if (!w.atob) {
  // IE 9 and below lack atob; Launch warns and does not start.
  console.warn("Adobe Launch is unsupported in IE 9 and below.");
} else if (!w.__satelliteLoaded) {
  // A second copy of the library on the same page does nothing.
  w.__satelliteLoaded = true;
  const satellite = (w._satellite = w._satellite || {});
  const container = satellite.container as Container | undefined;
  delete satellite.container;
  if (container)
    startRuntime(container, satellite, document.currentScript?.getAttribute("src") || "");
}
