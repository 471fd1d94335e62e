// Entry of `dist/runtime.min.js`: the engine alone, started from `window._satellite.container`
// exactly as a Launch library is laid out (reference §1.1).
import type { Container } from "@liftoff/schema";
import { PREVIEW_BUILD } from "./preview/isPreviewBuild.ts";
import startRuntime from "./startRuntime.ts";
import { findPreviewSession, loadPreview } from "./switchToPreview.ts";

const w = window as unknown as {
  _satellite?: Record<string, unknown>;
  __satelliteLoaded?: boolean;
  atob?: unknown;
};
const script = document.currentScript as HTMLScriptElement | null;
// A tab in a preview session runs the preview build in place of this library (docs/preview.md);
// the preview engine itself never switches.
const previewId = PREVIEW_BUILD ? undefined : findPreviewSession();
if (previewId) {
  loadPreview(previewId, script);
} else if (!w.atob) {
  // IE 9 and below lack atob; Launch warns and does not start.
  console.warn("Adobe Launch is unsupported in IE 9 and below.");
} else if (!w.__satelliteLoaded) {
  // A second copy of the library on the same page does nothing.
  w.__satelliteLoaded = true;
  const satellite = (w._satellite = w._satellite || {});
  const container = satellite.container as Container | undefined;
  delete satellite.container;
  if (container) startRuntime(container, satellite, script?.getAttribute("src") || "");
}
