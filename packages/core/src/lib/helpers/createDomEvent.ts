import type { SyntheticEvent, Trigger } from "../types.ts";
import createBubbly, { type BubblySettings } from "./createBubbly.ts";

/**
 * An event module for one native DOM event type (`blur`, `play`, …): a single capture
 * listener on `document`, added when the first rule registers, feeding a bubbly evaluator.
 */
export default function createDomEvent<S extends BubblySettings>(
  type: string,
  decorate?: (event: SyntheticEvent, settings: S) => SyntheticEvent | undefined,
) {
  const bubbly = createBubbly<S>(decorate);
  let listening = false;
  return (settings: S, trigger: Trigger) => {
    if (!listening) {
      listening = true;
      document.addEventListener(type, bubbly.evaluate, true);
    }
    bubbly.add(settings || ({} as S), trigger);
  };
}
