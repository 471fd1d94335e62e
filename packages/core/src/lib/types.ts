/** Delegate shapes of Launch extension modules (reference §3.2–§3.4). */

/** What an event module hands to `trigger`; the engine adds `$type` and `$rule`. */
export type SyntheticEvent = Record<string, unknown>;
export type Trigger = (event?: SyntheticEvent) => void;

/** The event object conditions, actions and data elements receive. */
export interface RuleEvent {
  element?: unknown;
  target?: unknown;
  nativeEvent?: Event;
  detail?: unknown;
  identifier?: string;
  $type?: string;
  $rule?: { id: string; name: string };
  [key: string]: unknown;
}

/** One `{value, valueIsRegex}` item of Core's text-or-regex lists. */
export interface ValueItem {
  value?: string;
  valueIsRegex?: boolean;
}
