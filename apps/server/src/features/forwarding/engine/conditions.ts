/**
 * Core's server-side conditions (docs/event-forwarding.md, "Modules"): value comparison, path,
 * regular expression and logic (all or any of other conditions, nested at most 3 deep). Each
 * reads its settings' `{{tokens}}` through the event's data elements. A condition whose
 * settings cannot be applied (a bad regex, a secret compared, an unknown operator) throws an
 * EngineError: the rule does not run, and its outcome says why.
 */
import type { ForwardingArc, RulesetModule } from "@liftoff/schema";
import { compare, isOperator } from "./compareValues.ts";
import { compileRegex } from "./compileRegex.ts";
import { EngineError } from "./EngineError.ts";
import { readArcPath } from "./readArcPath.ts";
import { holdsSecret, resolveTokens, textOf, type ReadDataElement } from "./tokens.ts";

type Settings = Record<string, unknown>;
type Condition = (
  settings: Settings,
  arc: ForwardingArc,
  read: ReadDataElement,
  depth: number,
) => boolean;

/** How many logic conditions may hold one another (the builder refuses deeper ones too). */
export const LOGIC_MAX_DEPTH = 3;
const PAGE_URL = "arc.event.xdm.web.webPageDetails.URL";

function operand(value: unknown, read: ReadDataElement): unknown {
  const resolved = resolveTokens(value, read);
  if (holdsSecret(resolved))
    throw new EngineError(
      "a secret cannot be compared: its value is known only when a request is sent",
    );
  return resolved;
}

const valueComparison: Condition = (settings, _arc, read) => {
  const comparison = (settings.comparison ?? {}) as Settings;
  const operator = comparison.operator;
  if (!isOperator(operator)) throw new EngineError(`unknown operator ${JSON.stringify(operator)}`);
  const left = operand(settings.leftOperand, read);
  const right = operand(settings.rightOperand, read);
  return compare[operator](left, right, comparison.caseInsensitive === true);
};

/** Page paths of the events being planned: many rules' path conditions read the same one. */
const pagePaths = new WeakMap<ForwardingArc, { path: string | undefined }>();

/** The path of the page the event came from, or undefined when it has no URL that parses. */
function pagePath(arc: ForwardingArc): string | undefined {
  const known = pagePaths.get(arc);
  if (known) return known.path;
  const url = readArcPath(arc, PAGE_URL);
  let path: string | undefined;
  if (typeof url === "string")
    try {
      path = new URL(url).pathname;
    } catch {
      path = undefined;
    }
  pagePaths.set(arc, { path });
  return path;
}

/** As web Core's path condition: exact text, or a case-insensitive regex; any one is enough. */
const path: Condition = (settings, arc, read) => {
  const paths = Array.isArray(settings.paths) ? (settings.paths as Array<Settings | null>) : [];
  if (paths.length === 0) throw new EngineError("no paths to match");
  const page = pagePath(arc);
  if (page === undefined) return false;
  return paths.some((item) => {
    const value = textOf(resolveTokens(item?.value, read));
    return item?.valueIsRegex === true ? compileRegex(value, "i").test(page) : value === page;
  });
};

const regex: Condition = (settings, _arc, read) => {
  const value = textOf(operand(settings.value, read));
  const pattern = textOf(resolveTokens(settings.pattern, read));
  return compileRegex(pattern, settings.caseInsensitive === true ? "i" : "").test(value);
};

const logic: Condition = (settings, arc, read, depth) => {
  if (depth > LOGIC_MAX_DEPTH)
    throw new EngineError(`logic conditions nest at most ${LOGIC_MAX_DEPTH} deep`);
  const operator = settings.operator ?? "all";
  if (operator !== "all" && operator !== "any")
    throw new EngineError(`operator must be all or any, got ${JSON.stringify(operator)}`);
  const inner = Array.isArray(settings.conditions) ? (settings.conditions as RulesetModule[]) : [];
  const holds = (condition: RulesetModule) => checkCondition(condition, arc, read, depth + 1);
  return operator === "all" ? inner.every(holds) : inner.some(holds);
};

export const conditionModules: Record<string, { label: string; run: Condition }> = {
  "core/src/lib/conditions/valueComparison.js": { label: "value comparison", run: valueComparison },
  "core/src/lib/conditions/path.js": { label: "path", run: path },
  "core/src/lib/conditions/regex.js": { label: "regex", run: regex },
  "core/src/lib/conditions/logic.js": { label: "logic", run: logic },
};

/** What the condition's module says of the event, before its `negate`. */
export function evaluateCondition(
  condition: RulesetModule,
  arc: ForwardingArc,
  read: ReadDataElement,
  depth = 1,
): boolean {
  const module = conditionModules[condition.modulePath];
  if (!module) throw new EngineError(`unknown condition module ${condition.modulePath}`);
  return module.run(condition.settings ?? {}, arc, read, depth);
}

/** The condition as the rule takes it: its module's answer, turned over when it is negated. */
export function checkCondition(
  condition: RulesetModule,
  arc: ForwardingArc,
  read: ReadDataElement,
  depth = 1,
): boolean {
  return evaluateCondition(condition, arc, read, depth) !== (condition.negate === true);
}
