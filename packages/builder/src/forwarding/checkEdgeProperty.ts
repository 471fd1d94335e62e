/**
 * What an event forwarding property (platform `edge`) needs besides the checks every
 * property gets (validateProperty.ts): the conditions inside logic conditions (known, their
 * settings right, nested at most 3 deep), path data elements whose path starts at `arc`,
 * mapping table rows whose regular expressions compile, and no secret fed to a SHA-256 hash or
 * a mapping table (its value is known only when a request is sent, so neither could use it).
 */
import {
  checkSettings,
  isPlainObject,
  isWholeToken,
  holdsToken,
  regexProblem,
  tokenNames,
  type PropertyDocument,
  type PropertyRuleCondition,
} from "@liftoff/schema";
import { findModule } from "../catalog.ts";
import type { Report } from "../checkModule.ts";
import { componentWhere, dataElementWhere, join } from "../describePlace.ts";
import { EDGE_CONDITIONS, LOGIC_CONDITION, MAPPING_TABLE, PATH_DATA_ELEMENT } from "./manifest.ts";

/** How many logic conditions may hold one another (the engine refuses deeper ones too). */
export const LOGIC_MAX_DEPTH = 3;

const SECRET = "core/src/lib/dataElements/secret.js";
const SHA256 = "core/src/lib/dataElements/sha256.js";

/** `arc`, then `.name` and `[n]` steps (the path data element's and the engine's syntax). */
export const ARC_PATH = /^arc(\.[^.[\]]+|\[\d+\])*$/;

/** Checks the conditions a logic condition holds, and theirs, `depth` logic levels down. */
function checkLogic(
  settings: Record<string, unknown>,
  path: string,
  where: string,
  depth: number,
  report: Report,
) {
  if (depth > LOGIC_MAX_DEPTH) {
    report(path, `logic conditions nest at most ${LOGIC_MAX_DEPTH} deep`, where);
    return;
  }
  const conditions = settings.conditions;
  if (!Array.isArray(conditions)) return; // checkSettings already named it
  conditions.forEach((entry, i) => {
    const at = join(join(path, "conditions"), i);
    if (!isPlainObject(entry)) return;
    const modulePath = entry.modulePath;
    if (typeof modulePath !== "string" || !(modulePath in EDGE_CONDITIONS)) return; // enum, checked
    if (entry.settings !== undefined && !isPlainObject(entry.settings)) {
      // Text is checkSettings' to name (format json), but for one token, which it takes.
      if (typeof entry.settings !== "string" || isWholeToken(entry.settings, "edge"))
        report(join(at, "settings"), "expected an object of the condition's settings", where);
      return;
    }
    const inner = entry.settings ?? {};
    const schema = findModule(modulePath, "edge")!.settings;
    for (const problem of checkSettings(schema, inner, join(at, "settings"), false, "edge"))
      report(problem.path, problem.message, where);
    if (modulePath === LOGIC_CONDITION)
      checkLogic(inner, join(at, "settings"), where, depth + 1, report);
  });
}

/** The secret data elements a whole-token value names, directly. */
function secretsIn(value: unknown, secrets: Set<string>): string[] {
  if (typeof value !== "string") return [];
  return tokenNames(value, "edge").filter((name) => secrets.has(name));
}

export default function checkEdgeProperty(
  doc: PropertyDocument,
  report: Report,
  included: (item: { enabled?: boolean }) => boolean,
) {
  const secrets = new Set(
    doc.dataElements.filter((e) => e.modulePath === SECRET).map((e) => e.name),
  );
  doc.rules.forEach((rule, r) => {
    if (!included(rule)) return;
    rule.conditions.forEach((condition: PropertyRuleCondition, c) => {
      if (condition.modulePath !== LOGIC_CONDITION || !condition.settings) return;
      const path = join(join(join("rules", r), "conditions"), c);
      checkLogic(
        condition.settings,
        join(path, "settings"),
        componentWhere(rule.name, "conditions", c),
        1,
        report,
      );
    });
  });
  doc.dataElements.forEach((element, i) => {
    if (!included(element)) return;
    const settings = element.settings ?? {};
    const path = join(join("dataElements", i), "settings");
    const where = dataElementWhere(element.name);
    if (element.modulePath === PATH_DATA_ELEMENT) {
      const value = settings.path;
      if (typeof value === "string" && value !== "" && !ARC_PATH.test(value))
        report(
          join(path, "path"),
          holdsToken(value, "edge")
            ? "a path is written out; it cannot hold a {{data element}} token"
            : `expected a path starting at arc, such as arc.event.xdm.web.webPageDetails.URL or arc.event.data.items[0].sku, got ${JSON.stringify(value)}`,
          where,
        );
    }
    if (element.modulePath === MAPPING_TABLE && Array.isArray(settings.rows))
      settings.rows.forEach((row, n) => {
        if (!isPlainObject(row) || row.regex !== true || typeof row.input !== "string") return;
        if (holdsToken(row.input, "edge")) return;
        const problem = regexProblem(row.input);
        if (problem) report(join(join(join(path, "rows"), n), "input"), problem, where);
      });
    const fed =
      element.modulePath === SHA256
        ? ["value"]
        : element.modulePath === MAPPING_TABLE
          ? ["input"]
          : [];
    for (const key of fed)
      for (const name of secretsIn(settings[key], secrets))
        report(
          join(path, key),
          `{{${name}}} is a secret: its value is known only when a request is sent, so it cannot be ${element.modulePath === SHA256 ? "hashed" : "looked up in a mapping table"}`,
          where,
        );
  });
}
