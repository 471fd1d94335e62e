import type { Rule, RuleAction, RuleCondition, RuleEvent } from "@liftoff/schema";
import type { SyntheticEvent } from "../types.ts";

/** Where a data element's value came from (DataElementTrace in packages/schema). */
export type DataElementSource = "computed" | "stored" | "default";

/**
 * What the preview engine reports to the preview build's prelude, which installs these hooks
 * as `window._satellite.__liftoffTrace` before the engine starts (docs/preview.md). The
 * published engine has none of these calls (PREVIEW_BUILD).
 */
export interface TraceHooks {
  /** The engine is up (`_satellite` has its API): display names of modules, by module path. */
  started(engine: { nameOf: (modulePath: string) => string }): void;
  /** An event module called its trigger; `rule` runs next (the `rule` hook). */
  trigger(rule: Rule, event: RuleEvent, synthetic: SyntheticEvent): void;
  /** A triggered rule starts; its conditions and actions report to what this returns. */
  rule(rule: Rule, sequenced: boolean): RuleRunTrace;
  /** A module is about to be called: its settings' tokens are resolved now. */
  calling(component: object): void;
  /** The settings, tokens resolved, that the module is called with. */
  called(component: object, settings: unknown): void;
  /** A data element was read. */
  dataElement(
    name: string,
    value: unknown,
    source: DataElementSource,
    storageDuration: string | undefined,
  ): void;
}

export interface RuleRunTrace {
  /**
   * A condition returned (or resolved) `result`, or failed with `error` (timeouts included);
   * an action was called (`result`: what it returned) or failed.
   */
  settled(
    component: RuleCondition | RuleAction,
    outcome: { result?: unknown; error?: unknown },
  ): void;
}
