import type { Logger } from "../createLogger.ts";
import type { SyntheticEvent } from "../types.ts";

const DEPRECATED_TYPE =
  "Accessing event.type in Adobe Launch has been deprecated and will be removed soon. Please use event.$type instead.";

/**
 * Adds `$type` (`<extension>.<module name>`) and `$rule` to what an event module passed to
 * `trigger`. Plain objects are copied; anything else is decorated in place, as turbine does.
 * The old `event.type` keeps working behind a deprecation message: for copies the getter
 * sits on a shared prototype, so no per-event property definition slows down hot triggers.
 */
export default function createNormalizeSyntheticEvent(logger: Logger) {
  const type = {
    get(this: SyntheticEvent) {
      logger.deprecation(DEPRECATED_TYPE);
      return this.$type;
    },
  };
  const proto = Object.defineProperty({}, "type", type);
  // `$rule` is made once per rule by the caller: triggers on hot paths allocate less.
  return (input: unknown, $type: string, $rule: { id: string; name: string }): SyntheticEvent => {
    const copy = !input || input.constructor === Object;
    const event = (copy ? Object.assign(Object.create(proto), input) : input) as SyntheticEvent;
    event.$type = $type;
    event.$rule = $rule;
    // Decorated in place, unless it already has a `type` of its own or inherited: a DOM event
    // keeps its native type, and a second normalisation of the same object skips.
    if (!copy && !("type" in event)) Object.defineProperty(event, "type", type);
    return event;
  };
}
