/**
 * Edge property + environment → the ForwardingRuleset its library file holds (JSON; the
 * server's engine plans each event with it, docs/event-forwarding.md). As a web build does
 * (buildContainer.ts): only enabled rules and data elements go in, and per-stage values are
 * resolved for the environment's stage at the fields whose schema declares them. Settings
 * keep their `{{tokens}}`: the engine resolves them for each event.
 *
 * It does not validate: buildLibrary validates the document first and refuses one with
 * problems; called alone, it turns what it is given.
 */
import type { ForwardingRuleset, PropertyDocument, RulesetModule, Stage } from "@liftoff/schema";
import { findModule } from "../catalog.ts";
import { resolveStage } from "../stageValues.ts";

export interface RulesetOptions {
  /** ISO date-time for `buildDate`; the time of the build when absent. */
  buildDate?: string;
}

function moduleFor(
  component: { modulePath: string; settings?: Record<string, unknown>; negate?: boolean },
  stage: Stage,
): RulesetModule {
  const schema = findModule(component.modulePath, "edge")?.settings;
  const settings = (resolveStage(component.settings ?? {}, schema, stage) ?? {}) as Record<
    string,
    unknown
  >;
  const module: RulesetModule = { modulePath: component.modulePath, settings };
  if (component.negate) module.negate = true;
  return module;
}

/**
 * The ruleset of `environmentId`'s stage.
 * @example buildRuleset(doc, "development").rules.map((rule) => rule.name)
 */
export default function buildRuleset(
  doc: PropertyDocument,
  environmentId: string,
  options: RulesetOptions = {},
): ForwardingRuleset {
  const environment = doc.environments.find((e) => e.id === environmentId);
  if (!environment)
    throw new Error(
      `environmentId: no environment "${environmentId}" (the property has ${doc.environments.map((e) => `"${e.id}"`).join(", ") || "none"})`,
    );
  const stage = environment.stage;
  const dataElements: ForwardingRuleset["dataElements"] = {};
  for (const element of doc.dataElements) {
    if (element.enabled === false) continue;
    const entry: ForwardingRuleset["dataElements"][string] = moduleFor(element, stage);
    if (element.defaultValue !== undefined) entry.defaultValue = element.defaultValue;
    if (element.forceLowerCase) entry.forceLowerCase = true;
    if (element.cleanText) entry.cleanText = true;
    dataElements[element.name] = entry;
  }
  return {
    format: "liftoff-forwarding-1",
    propertyId: doc.property.id,
    environment: { id: environment.id, stage },
    buildDate: options.buildDate ?? new Date().toISOString(),
    dataElements,
    rules: doc.rules
      .filter((rule) => rule.enabled !== false)
      .map((rule) => ({
        id: rule.id,
        name: rule.name,
        events: rule.events.map((event) => moduleFor(event, stage)),
        conditions: rule.conditions.map((condition) => moduleFor(condition, stage)),
        actions: rule.actions.map((action) => moduleFor(action, stage)),
      })),
  };
}
