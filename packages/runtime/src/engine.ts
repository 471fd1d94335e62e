// Entry of `dist/runtime.min.js`: the engine that starts from `window._satellite.container`.
import createLogger from "./createLogger.ts";

const w = window as unknown as { _satellite?: Record<string, unknown>; atob?: unknown };
if (!w.atob) {
  // Launch's own guard (reference §1.1): IE 9 and below lack atob; warn and do not start.
  console.warn("Adobe Launch is unsupported in IE 9 and below.");
} else {
  const satellite = (w._satellite = w._satellite ?? {});
  satellite.logger = createLogger(() => false).createPrefixedLogger("Custom Script");
}
