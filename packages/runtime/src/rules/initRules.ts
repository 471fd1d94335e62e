import type { Rule, RuleEvent } from "@liftoff/schema";
import callModule from "../callModule.ts";
import { PREVIEW_BUILD } from "../preview/isPreviewBuild.ts";
import type { Runtime, SyntheticEvent } from "../types.ts";
import { logFailure } from "./createRuleRunner.ts";
import createNormalizeSyntheticEvent from "./normalizeSyntheticEvent.ts";

/**
 * Calls each rule's event modules with `(settings, trigger)`, in ruleOrder (default 50; equal
 * orders keep container order — Array.prototype.sort is stable). Triggers fired while event
 * modules are still being set up (Library Loaded) are queued and run once all are set up.
 */
export default function initRules(
  rt: Runtime,
  runRule: (rule: Rule, event: SyntheticEvent) => void,
): void {
  const pairs: [Rule, RuleEvent][] = [];
  for (const rule of rt.container_.rules || [])
    for (const event of rule.events || []) pairs.push([rule, event]);
  const order = (e: RuleEvent) => e.ruleOrder ?? 50;
  pairs.sort((a, b) => order(a[1]) - order(b[1]));

  const normalize = createNormalizeSyntheticEvent(rt.logger_);
  let pending: (() => void)[] | undefined = [];
  for (const [rule, event] of pairs) {
    const entry = rt.modules_.entry_(event.modulePath);
    const $type = `${entry?.extensionName_}.${entry?.definition_.name}`;
    const $rule = { id: rule.id, name: rule.name };
    const run = (input?: unknown) => {
      const synthetic = normalize(input, $type, $rule);
      rt.notify_("Triggered", rule);
      if (PREVIEW_BUILD) rt.previewTrace?.trigger(rule, event, synthetic);
      runRule(rule, synthetic);
    };
    const trigger = (input?: unknown) => (pending ? pending.push(() => run(input)) : run(input));
    try {
      callModule(rt, event, undefined, trigger);
    } catch (error) {
      logFailure(rt, event.modulePath, rule, error);
    }
  }
  const queued = pending;
  pending = undefined;
  queued.forEach((fn) => fn());
}
