import { env } from "../env.ts";

/**
 * `element.matches(selector)` that never throws: a selector the browser rejects is logged
 * once per call with Core's message and matches nothing (spec §5).
 */
export default function matchesSelector(node: unknown, selector: string): boolean {
  const element = node as Element;
  if (!element || element.nodeType !== 1) return false;
  try {
    return element.matches(selector);
  } catch {
    env.turbine.logger.warn(`Matching element failed. ${selector} is not a valid selector.`);
    return false;
  }
}
