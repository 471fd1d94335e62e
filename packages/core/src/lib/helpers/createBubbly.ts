import type { SyntheticEvent, Trigger } from "../types.ts";
import matchesProperties, { type ElementProperty } from "./matchesProperties.ts";
import matchesSelector from "./matchesSelector.ts";

/** The element filter and bubbling settings shared by Core's DOM events (reference §5.1). */
export interface BubblySettings {
  elementSelector?: string;
  elementProperties?: ElementProperty[];
  /** Fire when the matching element is an ancestor of the target (default true). */
  bubbleFireIfParent?: boolean;
  /** Fire even when a rule already fired for a descendant (default true). */
  bubbleFireIfChildFired?: boolean;
  /** After firing here, stop walking up (default false). */
  bubbleStop?: boolean;
}

type Decorate = (event: SyntheticEvent, settings: BubblySettings) => SyntheticEvent | undefined;

/**
 * One event type's rules, evaluated by walking from the native event's target up through
 * its ancestors. Each native event is handled once, however many listeners see it.
 * `decorate` may add fields to the synthetic event, or return undefined to skip a rule.
 */
export default function createBubbly<S extends BubblySettings>(
  decorate?: (event: SyntheticEvent, settings: S) => SyntheticEvent | undefined,
) {
  const listeners: [S, Trigger][] = [];
  const handled = new WeakSet<Event>();

  function evaluate(nativeEvent: Event) {
    if (handled.has(nativeEvent)) return;
    handled.add(nativeEvent);
    const target = nativeEvent.target as Node | null;
    let node: Node | null = target;
    let childFired = false;
    let stop = false;
    while (node && !stop) {
      let firedHere = false;
      for (const [settings, trigger] of listeners) {
        const { elementSelector, elementProperties } = settings;
        if (node !== target && settings.bubbleFireIfParent === false) continue;
        if (childFired && settings.bubbleFireIfChildFired === false) continue;
        if (!elementSelector && !elementProperties?.length) {
          // Without a filter a rule is about the target itself, never its ancestors.
          if (node !== target) continue;
        } else if (
          (elementSelector && !matchesSelector(node, elementSelector)) ||
          (elementProperties?.length &&
            !(node.nodeType === 1 && matchesProperties(node, elementProperties)))
        )
          continue;
        let event: SyntheticEvent | undefined = { nativeEvent, element: node, target };
        if (decorate) event = (decorate as Decorate)(event, settings);
        if (!event) continue;
        trigger(event);
        firedHere = true;
        if (settings.bubbleStop) stop = true;
      }
      if (firedHere) childFired = true;
      node = node.parentNode;
    }
  }

  return {
    add(settings: S, trigger: Trigger) {
      listeners.push([settings, trigger]);
    },
    evaluate,
  };
}
