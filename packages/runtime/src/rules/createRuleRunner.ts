import type { Rule, RuleAction, RuleCondition } from "@liftoff/schema";
import callModule, { componentName } from "../callModule.ts";
import errorText from "../errorText.ts";
import { PREVIEW_BUILD } from "../preview/isPreviewBuild.ts";
import type { RuleRunTrace } from "../preview/TraceHooks.ts";
import type { Runtime, SyntheticEvent } from "../types.ts";
import { normalizeError } from "./componentError.ts";

type Component = RuleCondition | RuleAction;

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof (v as { then?: unknown } | null)?.then === "function";

/** Launch's default component timeout; a missing `timeout` would otherwise mean 0 ms. */
const DEFAULT_TIMEOUT = 2000;

/** `Failed to execute "<component>" for "<rule>" rule. <message>` — shared with initRules. */
export function logFailure(rt: Runtime, modulePath: string, rule: Rule, error: unknown): void {
  // Real names, not Launch's "[object Object]" (reference §8.1).
  rt.logger_.error(
    `Failed to execute "${componentName(rt, modulePath)}" for "${rule.name}" rule. ${errorText(error)}`,
  );
}

/**
 * Runs a triggered rule: conditions in order (any unmet stops the rule), then actions in order.
 * Without sequencing everything is synchronous; with it, one promise queue keeps rules in
 * trigger order while each component may take up to its `timeout` (reference §3.3).
 */
export default function createRuleRunner(rt: Runtime) {
  const logger = rt.logger_;
  // Messages on every rule's path are built only when they will be printed.
  const debugOn = rt.debug_.enabled_;
  let queue: Promise<unknown> = Promise.resolve();

  const failed = (c: Component, rule: Rule, error: unknown, isCondition?: boolean) => {
    logFailure(rt, c.modulePath, rule, error);
    rt.notify_(isCondition ? "ConditionFailed" : "ActionFailed", rule, c);
  };

  // Truthy result and no negate, or falsy result with negate.
  const met = (c: RuleCondition, result: unknown) => !result === !!c.negate;

  const notMet = (c: RuleCondition, rule: Rule) => {
    if (debugOn())
      logger.log(
        `Condition "${componentName(rt, c.modulePath)}" for rule "${rule.name}" was not met.`,
      );
    rt.notify_("ConditionFailed", rule, c);
  };

  const completed = (rule: Rule) => {
    if (debugOn()) logger.log(`Rule "${rule.name}" fired.`);
    rt.notify_("Completed", rule);
  };

  // An action's late rejection is logged; it must never surface as an unhandled rejection.
  const watch = (a: RuleAction, rule: Rule, result: unknown) => {
    if (isThenable(result))
      result.then(undefined, (error) => failed(a, rule, normalizeError(error)));
  };

  // Preview builds: the trace of this run of a rule (preview/TraceHooks.ts).
  const startTrace = (rule: Rule, sequenced: boolean): RuleRunTrace | undefined =>
    PREVIEW_BUILD ? rt.previewTrace?.rule(rule, sequenced) : undefined;

  // Preview builds: reports how a component's promise settled, beside the rule's own chain.
  const traceSettled = (trace: RuleRunTrace | undefined, c: Component, done: Promise<unknown>) => {
    if (PREVIEW_BUILD && trace)
      done.then(
        (result) => trace.settled(c, { result }),
        (error) => trace.settled(c, { error: normalizeError(error) }),
      );
  };

  const runSync = (rule: Rule, event: SyntheticEvent) => {
    const trace = startTrace(rule, false);
    // Indexed loops: for-of allocates an iterator and its results until the code is optimised,
    // and these loops run for every rule an event triggers.
    const conditions = rule.conditions || [];
    for (let i = 0; i < conditions.length; i++) {
      const c = conditions[i]!;
      let result: unknown;
      try {
        result = callModule(rt, c, event, event);
        if (isThenable(result)) {
          throw new Error(
            "Rule component sequencing must be enabled on the property for this condition to function properly.",
          );
        }
      } catch (error) {
        if (PREVIEW_BUILD) trace?.settled(c, { error });
        return failed(c, rule, error, true);
      }
      if (PREVIEW_BUILD) trace?.settled(c, { result });
      if (!met(c, result)) return notMet(c, rule);
    }
    const actions = rule.actions || [];
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i]!;
      try {
        watch(a, rule, callModule(rt, a, event, event));
        if (PREVIEW_BUILD) trace?.settled(a, {});
      } catch (error) {
        if (PREVIEW_BUILD) trace?.settled(a, { error });
        return failed(a, rule, error);
      }
    }
    completed(rule);
  };

  // Races a component against its timeout; settles with its result or a normalised error.
  const settle = (
    c: Component,
    kind: "condition" | "action",
    run: () => unknown,
  ): Promise<unknown> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ms = c.timeout ?? DEFAULT_TIMEOUT;
    // A synchronous throw inside the executor rejects the promise, as a rejection would.
    return new Promise((resolve, reject) => {
      // The trailing space is Launch's; people search for this exact text.
      const message = `A timeout occurred because the ${kind} took longer than ${ms / 1000} seconds to complete. `;
      timer = setTimeout(() => reject(new Error(message)), ms);
      Promise.resolve(run()).then(resolve, reject);
    }).finally(() => clearTimeout(timer));
  };

  // Reports why a rule stops, then rejects: the rest of that rule's chain is skipped.
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a marker, already logged
  const stop = (report: () => void) => Promise.reject(report());
  const runSequenced = (rule: Rule, event: SyntheticEvent) => {
    const trace = startTrace(rule, true);
    let chain = queue;
    for (const c of rule.conditions || []) {
      chain = chain.then(() => {
        const done = settle(c, "condition", () => callModule(rt, c, event, event));
        traceSettled(trace, c, done);
        return done.then(
          (result) => met(c, result) || stop(() => notMet(c, rule)),
          (error) => stop(() => failed(c, rule, normalizeError(error), true)),
        );
      });
    }
    for (const a of rule.actions || []) {
      chain = chain.then(() => {
        const run = () => callModule(rt, a, event, event);
        // Without delayNext the next action starts as soon as this one has been called.
        const done = a.delayNext
          ? settle(a, "action", run)
          : Promise.resolve().then(() => watch(a, rule, run()));
        traceSettled(trace, a, done);
        return done.catch((error) => stop(() => failed(a, rule, normalizeError(error))));
      });
    }
    queue = chain.then(() => completed(rule)).catch(() => {});
  };

  return rt.settings_.ruleComponentSequencingEnabled ? runSequenced : runSync;
}
