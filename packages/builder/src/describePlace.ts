/**
 * Field paths and readable places for problems and diffs: `rules[3].actions[0].settings.source`
 * for programs, `rule "Page View" › action 1` for people (PropertyProblem in @liftoff/schema).
 */
export { joinPath as join } from "@liftoff/schema";

export type ComponentKind = "events" | "conditions" | "actions";

const SINGULAR: Record<ComponentKind, string> = {
  events: "event",
  conditions: "condition",
  actions: "action",
};

export function ruleWhere(name: string): string {
  return `rule ${JSON.stringify(name)}`;
}

/** `rule "Page View" › action 1` (1-based, as the studio numbers components). */
export function componentWhere(ruleName: string, kind: ComponentKind, index: number): string {
  return `${ruleWhere(ruleName)} › ${SINGULAR[kind]} ${index + 1}`;
}

export function dataElementWhere(name: string): string {
  return `data element ${JSON.stringify(name)}`;
}

export function extensionWhere(name: string): string {
  return `extension ${JSON.stringify(name)}`;
}
