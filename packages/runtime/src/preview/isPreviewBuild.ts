/**
 * True in the preview engine only: the trace hooks it guards are compiled out of the
 * published engine (docs/preview.md, "What the published library pays").
 */
export const PREVIEW_BUILD = typeof __LIFTOFF_PREVIEW__ !== "undefined" && !!__LIFTOFF_PREVIEW__;
