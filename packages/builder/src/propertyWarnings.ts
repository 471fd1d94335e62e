/**
 * Advice about a property: what Launch publishes and turbine runs as written, but is probably
 * not what its author meant. Warnings never stop a build (validateProperty.ts lists what
 * does), so a property that runs on Adobe also builds here; the studio's Problems page, the
 * API's `warnings` and `liftoff validate` show them.
 * - A `%token%` naming neither a data element nor a variable the property's code sets with
 *   `_satellite.setVar`: the page gets the token's text (launch-container.md §8.8).
 * - An enabled rule with no event: it is published and never runs.
 * - Shared Web SDK variables leaking fields from one rule's event into another's
 *   (checkVariableLeaks.ts).
 * Only what builds include is looked at: disabled items are advised about once enabled.
 * In an event forwarding property (platform `edge`) tokens are `{{name}}` and only data
 * elements give them values: one naming nothing is sent as nothing (an empty text, or a
 * field left out), as the server's engine resolves it.
 */
import { stringsIn, type PropertyDocument, type PropertyProblem } from "@liftoff/schema";
import { platformOf } from "./catalog.ts";
import { functionSettings } from "./checkModule.ts";
import checkVariableLeaks from "./checkVariableLeaks.ts";
import {
  dataElementWhere,
  extensionWhere,
  join,
  ruleWhere,
  componentWhere,
} from "./describePlace.ts";
import { findTokens } from "./findTokens.ts";

const isBuilt = (item: { enabled?: boolean }) => item.enabled !== false;

const SET_VAR_NAME = /setVar\(\s*(["'`])([^"'`\n]+)\1/g;
const SET_VAR_OBJECT = /setVar\(\s*\{([^}]*)\}/g;
const OBJECT_KEY = /(?:^|,)\s*(?:(["'])([^"'\n]+)\1|([A-Za-z_$][\w$]*))\s*:/g;

/**
 * Names the property's code gives `_satellite.setVar`, as a literal name or the keys of a
 * literal object. A name computed at run time cannot be known; its tokens are warned about.
 */
export function customVariableNames(doc: PropertyDocument): Set<string> {
  const code = [
    ...doc.rules.flatMap((rule) =>
      [...rule.events, ...rule.conditions, ...rule.actions].flatMap((c) => stringsIn(c.settings)),
    ),
    ...doc.dataElements.flatMap((element) => stringsIn(element.settings)),
    ...doc.extensions.flatMap((extension) => [
      ...stringsIn(extension.settings),
      ...Object.values(extension.opaqueModules ?? {}).map((module) => module.script),
    ]),
  ].filter((text) => text.includes("setVar"));
  const names = new Set<string>();
  for (const text of code) {
    for (const match of text.matchAll(SET_VAR_NAME)) names.add(match[2]!);
    for (const match of text.matchAll(SET_VAR_OBJECT))
      for (const key of match[1]!.matchAll(OBJECT_KEY)) names.add(key[2] ?? key[3]!);
  }
  return names;
}

function unknownTokens(doc: PropertyDocument): PropertyProblem[] {
  const platform = platformOf(doc);
  const dataElements = new Set(doc.dataElements.map((element) => element.name));
  // The server has no _satellite.setVar: only data elements name values there.
  const variables = platform === "edge" ? new Set<string>() : customVariableNames(doc);
  // A token may read into a variable's object: `%user.id%` after setVar("user", {...}).
  const known = (name: string) =>
    dataElements.has(name) || variables.has(name) || variables.has(name.split(".")[0]!);
  const warnings: PropertyProblem[] = [];
  const check = (settings: unknown, modulePath: string, path: string, where: string) => {
    const base = join(path, "settings");
    for (const use of findTokens(
      settings ?? {},
      base,
      functionSettings(modulePath, base),
      platform,
    ))
      if (!known(use.name))
        warnings.push({
          path: use.path,
          message:
            platform === "edge"
              ? `{{${use.name}}} names no data element: it is sent as nothing (an empty text, or the field left out)`
              : `%${use.name}% names no data element and no _satellite.setVar variable: the page gets the text "%${use.name}%"`,
          where,
          severity: "warning",
        });
  };
  doc.extensions.forEach((extension, i) =>
    check(extension.settings, "", join("extensions", i), extensionWhere(extension.name)),
  );
  doc.dataElements.forEach((element, i) => {
    if (isBuilt(element))
      check(
        element.settings,
        element.modulePath,
        join("dataElements", i),
        dataElementWhere(element.name),
      );
  });
  doc.rules.forEach((rule, r) => {
    if (!isBuilt(rule)) return;
    for (const kind of ["events", "conditions", "actions"] as const)
      rule[kind].forEach((component, c) =>
        check(
          component.settings,
          component.modulePath,
          join(join(join("rules", r), kind), c),
          componentWhere(rule.name, kind, c),
        ),
      );
  });
  return warnings;
}

function eventlessRules(doc: PropertyDocument): PropertyProblem[] {
  return doc.rules.flatMap((rule, r) =>
    isBuilt(rule) && rule.events.length === 0
      ? [
          {
            path: join(join("rules", r), "events"),
            message: "this rule has no event, so it never runs: add one or disable the rule",
            where: ruleWhere(rule.name),
            severity: "warning" as const,
          },
        ]
      : [],
  );
}

export default function propertyWarnings(doc: PropertyDocument): PropertyProblem[] {
  // Shared Web SDK variables exist only on the page.
  const leaks = platformOf(doc) === "edge" ? [] : checkVariableLeaks(doc);
  return [...unknownTokens(doc), ...eventlessRules(doc), ...leaks];
}
