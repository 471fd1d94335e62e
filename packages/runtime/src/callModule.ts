import { PREVIEW_BUILD } from "./preview/isPreviewBuild.ts";
import type { Runtime, SyntheticEvent } from "./types.ts";

/**
 * Calls a delegate module the Launch way: its exports must be a function, its settings get
 * hosted-file paths rewritten and `%tokens%` replaced, then `fn(settings, ...args)`.
 */
export default function callModule(
  rt: Runtime,
  component: { modulePath: string; settings?: object },
  event: SyntheticEvent | undefined,
  arg: unknown,
): unknown {
  const fn = rt.modules_.exports_(component.modulePath);
  if (typeof fn !== "function") throw new Error("Module did not export a function.");
  const settings = (component.settings || {}) as Record<string, unknown>;
  rt.transform_(settings, component.modulePath);
  if (PREVIEW_BUILD) rt.previewTrace?.calling(component);
  const resolved = rt.data_.replaceTokens(settings, event);
  if (PREVIEW_BUILD) rt.previewTrace?.called(component, resolved);
  return (fn as (s: unknown, a: unknown) => unknown)(resolved, arg);
}

/** The name a component is logged under: its display name, else its module path. */
export function componentName(rt: Runtime, modulePath: string): string {
  return rt.modules_.entry_(modulePath)?.definition_.displayName || modulePath;
}
