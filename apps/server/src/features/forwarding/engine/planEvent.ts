/**
 * The rule engine of event forwarding (docs/event-forwarding.md): one event of a request,
 * planned against the environment's ruleset. For each rule, in order: does one of its events
 * take this event's type; are its conditions true (each may be negated); then, for each action,
 * does the event's consent allow the action's purpose, and what request would it send — its
 * `{{tokens}}` resolved through the data elements (each computed once for the event), secrets
 * left as placeholders. Nothing is sent here and nothing is thrown for a rule's fault: every
 * rule gets an outcome saying whether it ran and, when it did not, why; a condition or action
 * that cannot be applied is an error in that outcome; withheld actions are listed there and
 * never planned.
 *
 * @example
 * const plan = planEvent(ruleset, { event: { xdm, data, index: 0 }, request: facts });
 * for (const action of plan.actions) queue(action); // one delivery per planned action
 */
import type {
  ConsentPurpose,
  ForwardingArc,
  ForwardingPlan,
  ForwardingRuleset,
  PlannedAction,
  RuleOutcome,
  RulesetModule,
} from "@liftoff/schema";
import { CONSENT_PURPOSES } from "@liftoff/schema";
import { checkCondition, conditionModules } from "./conditions.ts";
import { consentRefusal } from "./consentAllows.ts";
import { createDataElementReader } from "./createDataElementReader.ts";
import { destinationForms } from "./destinations/destinationForms.ts";
import { faultText } from "./EngineError.ts";
import { idempotencyKey } from "./idempotencyKey.ts";
import { resolveTokens, type ReadDataElement } from "./tokens.ts";

export interface PlanOptions {
  /** The time for events whose XDM and request carry none (tests fix it). Default: now. */
  now?: Date;
}

type Rule = ForwardingRuleset["rules"][number];
const EVENT_RECEIVED = "core/src/lib/events/eventReceived.js";

/**
 * The answer of eventMismatch by rule and event type: most rules of a large ruleset do not
 * take most events, and their reason is the same sentence for every event of that type.
 */
const mismatches = new WeakMap<Rule, Map<unknown, string | undefined>>();

function cachedMismatch(rule: Rule, eventType: unknown): string | undefined {
  let byType = mismatches.get(rule);
  if (!byType) mismatches.set(rule, (byType = new Map<unknown, string | undefined>()));
  if (byType.has(eventType)) return byType.get(eventType);
  const reason = eventMismatch(rule, eventType);
  // Event types come from visitors' events; the cap keeps odd ones from growing it.
  if (byType.size < 64) byType.set(eventType, reason);
  return reason;
}

/** Why none of the rule's events takes this event, or undefined when one does. */
function eventMismatch(rule: Rule, eventType: unknown): string | undefined {
  if (rule.events.length === 0) return "the rule has no event";
  const types: string[] = [];
  for (const event of rule.events) {
    if (event.modulePath !== EVENT_RECEIVED) return `unknown event module ${event.modulePath}`;
    const wanted = event.settings?.eventTypes;
    if (!Array.isArray(wanted) || wanted.length === 0) return undefined;
    if (wanted.includes(eventType)) return undefined;
    types.push(...wanted.map(String));
  }
  const list = [...new Set(types)].join(", ");
  return typeof eventType === "string"
    ? `event type ${JSON.stringify(eventType)} is not one of ${list}`
    : `the event has no type (xdm.eventType); the rule takes ${list}`;
}

/** Why the rule's conditions stop it, or undefined when they hold; faults go into `errors`. */
function conditionsFailure(
  rule: Rule,
  arc: ForwardingArc,
  read: ReadDataElement,
  errors: string[],
): string | undefined {
  for (let i = 0; i < rule.conditions.length; i++) {
    const condition = rule.conditions[i]!;
    const label = conditionModules[condition.modulePath]?.label ?? condition.modulePath;
    const name = `condition ${i + 1} (${label})`;
    try {
      if (checkCondition(condition, arc, read)) continue;
      return condition.negate ? `${name} was true, and the rule negates it` : `${name} was false`;
    } catch (error) {
      errors.push(`${name}: ${faultText(error)}`);
      return `${name} could not be checked`;
    }
  }
  return undefined;
}

/** The action's purpose as written (checked by the caller), or its form's default. */
function purposeOf(action: RulesetModule, fallback: ConsentPurpose): string {
  const purpose = action.settings?.purpose;
  if (purpose === undefined || purpose === null || purpose === "") return fallback;
  return typeof purpose === "string" ? purpose : JSON.stringify(purpose);
}

/**
 * The plan for one event: every rule's outcome, and the requests of the actions that run.
 * Pure (no I/O); the same ruleset and event always give the same plan. Throws only for a
 * ruleset that is not one (a library file of another format): no rule can be planned then.
 */
export function planEvent(
  ruleset: ForwardingRuleset,
  arc: ForwardingArc,
  options: PlanOptions = {},
): ForwardingPlan {
  if (ruleset?.format !== "liftoff-forwarding-1" || !Array.isArray(ruleset.rules))
    throw new Error(
      `not a forwarding ruleset (format ${JSON.stringify(ruleset?.format)}): build the environment's library again`,
    );
  const now = options.now ?? new Date();
  const read = createDataElementReader(ruleset, arc);
  const eventType = arc.event.xdm?.eventType;
  const outcomes: RuleOutcome[] = [];
  const actions: PlannedAction[] = [];

  for (const rule of ruleset.rules) {
    const outcome: RuleOutcome = { ruleId: rule.id, ruleName: rule.name, ran: false };
    outcomes.push(outcome);
    const mismatch = cachedMismatch(rule, eventType);
    if (mismatch) {
      outcome.reason = mismatch;
      continue;
    }
    const errors: string[] = [];
    const failure = conditionsFailure(rule, arc, read, errors);
    if (failure) {
      outcome.reason = failure;
      if (errors.length) outcome.errors = errors;
      continue;
    }
    outcome.ran = true;
    const withheld: NonNullable<RuleOutcome["withheld"]> = [];
    rule.actions.forEach((action, actionIndex) => {
      const form = destinationForms[action.modulePath];
      const name = `action ${actionIndex + 1} (${form?.label ?? action.modulePath})`;
      if (!form) {
        errors.push(`${name}: unknown action module ${action.modulePath}`);
        return;
      }
      const purpose = purposeOf(action, form.defaultPurpose);
      if (!(CONSENT_PURPOSES as readonly string[]).includes(purpose)) {
        errors.push(
          `${name}: purpose must be one of ${CONSENT_PURPOSES.join(", ")}, got ${purpose}`,
        );
        return;
      }
      const known = purpose as ConsentPurpose;
      const refusal = consentRefusal(known, arc);
      if (refusal) {
        withheld.push({
          actionIndex,
          purpose: known,
          reason: `${name} needs consent to ${known}: ${refusal}`,
        });
        return;
      }
      try {
        const key = idempotencyKey(arc.request.requestId, arc.event.index, rule.id, actionIndex);
        const settings = resolveTokens(action.settings ?? {}, read) as Record<string, unknown>;
        const request = form.build(settings, { arc, idempotencyKey: key, now });
        actions.push({
          ruleId: rule.id,
          ruleName: rule.name,
          actionIndex,
          destination: form.destination,
          purpose: known,
          idempotencyKey: key,
          request,
        });
      } catch (error) {
        errors.push(`${name}: ${faultText(error)}`);
      }
    });
    if (withheld.length) outcome.withheld = withheld;
    if (errors.length) outcome.errors = errors;
  }
  return { outcomes, actions };
}
