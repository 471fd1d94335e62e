import { env } from "../env.ts";
import awaitElement from "../helpers/awaitElement.ts";
import type { Trigger } from "../types.ts";

export interface ElementAwaitSettings {
  elementSelector: string;
  /** Give up after this many ms (spec §9: 5000). */
  timeout?: number;
  /** Polling interval where MutationObserver is missing (spec §9: 100). */
  poll?: number;
}

/**
 * The spec's element-await event (spec §9; not in Launch Core): fires once with
 * `{element, target}` when an element matching `elementSelector` exists — at once if it
 * already does — or logs and never fires when `timeout` passes first.
 */
export default function elementAwait(settings: ElementAwaitSettings, trigger: Trigger): void {
  const { elementSelector, timeout = 5000, poll = 100 } = settings;
  if (typeof elementSelector !== "string" || !elementSelector)
    throw new Error("settings.elementSelector must be a non-empty string.");
  awaitElement(elementSelector, Number(timeout), Number(poll)).then(
    (element) => {
      if (element) trigger({ element, target: element });
      else env.turbine.logger.log(`No element matched ${elementSelector} within ${timeout} ms.`);
    },
    (error: Error) => env.turbine.logger.warn(error.message),
  );
}
