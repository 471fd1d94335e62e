/**
 * Set by the engine builds (build.mjs `define`): true in the preview engine, false in the
 * published one, whose minifier then drops every branch it guards (docs/preview.md). Sources
 * run unbuilt (tests) read a global of that name instead, when there is one.
 */
declare const __LIFTOFF_PREVIEW__: boolean | undefined;
