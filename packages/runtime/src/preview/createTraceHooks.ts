import type {
  ActionResult,
  ConditionResult,
  PreviewTrace,
  Rule,
  RuleAction,
  RuleCondition,
  RuleTrace,
} from "@liftoff/schema";
import describeElement from "./describeElement.ts";
import explainCondition from "./explainCondition.ts";
import toTraceValue from "./toTraceValue.ts";
import type { RuleRunTrace, TraceHooks } from "./TraceHooks.ts";

/** A trace record before the sender stamps it with pageId, at and seq. */
export type TraceDraft = PreviewTrace extends infer T
  ? T extends PreviewTrace
    ? Omit<T, "pageId" | "at" | "seq">
    : never
  : never;

type Component = RuleCondition | RuleAction;

interface Run {
  triggerId: string;
  rule: Rule;
  sequenced: boolean;
  conditions: ConditionResult[];
  actions: ActionResult[];
  /** Components not settled yet. */
  open: Set<Component>;
  done: boolean;
}

const TIMEOUT = /^A timeout occurred /;
const errorMessage = (error: unknown) =>
  String((error as { message?: unknown } | null)?.message ?? error);
const elapsed = (start: number | undefined) =>
  start === undefined ? undefined : Math.round((performance.now() - start) * 10) / 10;

/**
 * The preview engine's hooks (TraceHooks) turned into PreviewTrace records: one event record
 * per trigger, one rule record per run (each condition with what it compared, each action's
 * outcome), one record per data element read.
 */
export default function createTraceHooks(
  emit: (record: TraceDraft) => void,
  onStarted: (nameOf: (path: string) => string) => void,
): TraceHooks {
  let nameOf = (path: string) => path;
  let triggers = 0;
  let pendingTrigger: string | undefined;
  // The trigger whose component runs now: data elements read meanwhile belong to it.
  let current: string | undefined;
  const calls = new Map<object, { start: number; settings?: unknown }>();
  // Runs waiting for each component, oldest first (sequenced runs settle in trigger order).
  const waiting = new Map<object, Run[]>();

  const finish = (run: Run, outcome: RuleTrace["outcome"]) => {
    if (run.done) return;
    run.done = true;
    if (current === run.triggerId) current = undefined;
    for (const c of run.open)
      waiting.set(
        c,
        (waiting.get(c) || []).filter((r) => r !== run),
      );
    emit({
      type: "rule",
      triggerId: run.triggerId,
      ruleId: run.rule.id,
      ruleName: run.rule.name,
      outcome,
      sequenced: run.sequenced,
      conditions: run.conditions,
      actions: run.actions,
    });
  };

  const settle = (run: Run, c: Component, outcome: { result?: unknown; error?: unknown }) => {
    run.open.delete(c);
    const call = calls.get(c);
    const ms = elapsed(call?.start);
    const failure = "error" in outcome && outcome.error !== undefined;
    const conditionIndex = (run.rule.conditions || []).indexOf(c);
    if (conditionIndex >= 0) {
      const record = run.conditions[conditionIndex]!;
      const condition = c as RuleCondition;
      record.ms = ms;
      if (failure) {
        record.outcome = TIMEOUT.test(errorMessage(outcome.error)) ? "timeout" : "error";
        record.error = errorMessage(outcome.error);
        return finish(run, "condition failed");
      }
      const met = !outcome.result === !!condition.negate;
      record.outcome = met ? "met" : "not met";
      record.result = toTraceValue(outcome.result);
      const compared = explainCondition(condition.modulePath, call?.settings, run.rule.id);
      if (compared) record.compared = toTraceValue(compared) as typeof compared;
      if (!met) return finish(run, "condition not met");
    } else {
      const record = run.actions[(run.rule.actions || []).indexOf(c)];
      if (!record) return;
      record.ms = ms;
      if (failure) {
        record.outcome = TIMEOUT.test(errorMessage(outcome.error)) ? "timeout" : "failed";
        record.error = errorMessage(outcome.error);
        return finish(run, "action failed");
      }
      record.outcome = "ran";
    }
    if (!run.open.size) finish(run, "fired");
  };

  const startRun = (rule: Rule, sequenced: boolean): RuleRunTrace => {
    const triggerId = pendingTrigger ?? `t${++triggers}`;
    pendingTrigger = undefined;
    const conditions = rule.conditions || [];
    const actions = rule.actions || [];
    const run: Run = {
      triggerId,
      rule,
      sequenced,
      conditions: conditions.map((c, index) => ({
        index,
        modulePath: c.modulePath,
        name: nameOf(c.modulePath),
        negate: !!c.negate,
        outcome: "skipped",
      })),
      actions: actions.map((a, index) => ({
        index,
        modulePath: a.modulePath,
        name: nameOf(a.modulePath),
        outcome: "skipped",
      })),
      open: new Set<Component>([...conditions, ...actions]),
      done: false,
    };
    for (const c of run.open) waiting.set(c, [...(waiting.get(c) || []), run]);
    if (!run.open.size) finish(run, "fired");
    current = triggerId;
    return {
      settled(c, outcome) {
        current = undefined;
        const queue = waiting.get(c) || [];
        const owner = queue.find((r) => r.open.has(c) && !r.done) ?? run;
        waiting.set(
          c,
          queue.filter((r) => r !== owner),
        );
        if (!owner.done) settle(owner, c, outcome);
      },
    };
  };

  return {
    started(engine) {
      nameOf = engine.nameOf;
      onStarted(nameOf);
    },
    trigger(rule, event, synthetic) {
      const triggerId = `t${++triggers}`;
      pendingTrigger = triggerId;
      const element = describeElement(synthetic.element);
      emit({
        type: "event",
        triggerId,
        ruleId: rule.id,
        ruleName: rule.name,
        modulePath: event.modulePath,
        eventName: nameOf(event.modulePath),
        ...(element ? { element } : {}),
      });
    },
    rule: startRun,
    calling(component) {
      calls.set(component, { start: performance.now() });
      const owner = waiting.get(component)?.find((r) => !r.done);
      if (owner) current = owner.triggerId;
    },
    called(component, settings) {
      const call = calls.get(component);
      if (call) call.settings = settings;
    },
    dataElement(name, value, source, storageDuration) {
      emit({
        type: "dataElement",
        name,
        ...(current ? { triggerId: current } : {}),
        value: toTraceValue(value),
        source,
        ...(storageDuration
          ? { storageDuration: storageDuration as "pageview" | "session" | "visitor" }
          : {}),
      });
    },
  };
}
