/**
 * Semantic validation of a structurally valid property document (parsePropertyDocument):
 * what would make a build wrong or a page break. Each problem names its field path and a
 * readable place. Kinds:
 * - environments: exactly one staging and one production, at least one development, unique ids;
 * - the org id, when an installed extension needs it (the Web SDK);
 * - extensions: installed twice, unknown (neither in the catalog nor kept opaque), settings
 *   that break the extension's settings schema;
 * - modules: a module path whose extension is not installed, that the extension does not
 *   have, or of the wrong kind (an action module used as an event);
 * - settings that break the module's settings schema (type, required, enum, minimum/maximum);
 * - custom code that does not parse;
 * - `%tokens%` naming a disabled data element (one naming nothing is a warning,
 *   propertyWarnings.ts, as is a rule with no event);
 * - duplicate names and ids of rules and data elements, duplicate component ids in a rule;
 * - circular data element references (token chains that come back to where they started).
 * An event forwarding property (`property.settings.platform` `edge`) is checked the same way
 * against the edge catalogue (forwarding/manifest.ts), with `{{name}}` tokens, and its own
 * checks besides (forwarding/checkEdgeProperty.ts); a module of the other platform is a
 * problem naming its path.
 * Only what builds include is checked: disabled rules and data elements have their own list
 * (validateDisabledItems), and a token naming a disabled data element is a problem.
 */
import type {
  ModuleKind,
  PropertyDocument,
  PropertyExtension,
  PropertyPlatform,
  PropertyProblem,
} from "@liftoff/schema";
import { checkReporting, checkSettings, STAGES } from "@liftoff/schema";
import { extensionOf, findExtension, platformOf } from "./catalog.ts";
import checkCarriedFiles from "./checkCarriedFiles.ts";
import checkDataElementCycles from "./checkDataElementCycles.ts";
import checkOrgId from "./checkOrgId.ts";
import checkModule, { functionSettings, type Report } from "./checkModule.ts";
import {
  componentWhere,
  dataElementWhere,
  extensionWhere,
  join,
  type ComponentKind,
} from "./describePlace.ts";
import { findTokens, tokenText } from "./findTokens.ts";
import checkEdgeProperty from "./forwarding/checkEdgeProperty.ts";
import { syntaxError } from "./transforms.ts";

const KIND_OF: Record<ComponentKind, ModuleKind> = {
  events: "event",
  conditions: "condition",
  actions: "action",
};

function checkEnvironments(doc: PropertyDocument, report: Report) {
  for (const stage of STAGES) {
    const count = doc.environments.filter((e) => e.stage === stage).length;
    if (stage === "development" && count === 0)
      report("environments", "needs at least one development environment");
    if (stage !== "development" && count !== 1)
      report("environments", `needs exactly one ${stage} environment, found ${count}`);
  }
  const seen = new Set<string>();
  doc.environments.forEach((environment, i) => {
    if (seen.has(environment.id))
      report(join(join("environments", i), "id"), `duplicate environment id "${environment.id}"`);
    seen.add(environment.id);
  });
}

/** Why an extension of the other platform cannot be installed, or undefined. */
function otherPlatformExtension(name: string, platform: PropertyPlatform): string | undefined {
  if (platform === "edge" && findExtension(name, "web"))
    return `"${name}" is a web extension: an event forwarding property (platform edge) runs on the server and cannot install it`;
  if (platform === "web" && findExtension(name, "edge"))
    return `"${name}" is an event forwarding extension: only properties of platform edge install it`;
  return undefined;
}

function checkExtensions(doc: PropertyDocument, report: Report, platform: PropertyPlatform) {
  const seen = new Set<string>();
  doc.extensions.forEach((extension, i) => {
    const path = join("extensions", i);
    const where = extensionWhere(extension.name);
    if (seen.has(extension.name))
      report(join(path, "name"), `extension "${extension.name}" is installed twice`, where);
    seen.add(extension.name);
    const manifest = findExtension(extension.name, platform);
    if (!manifest) {
      const elsewhere = otherPlatformExtension(extension.name, platform);
      if (platform === "edge") {
        // The server runs no module scripts (docs/event-forwarding.md): only its own catalogue.
        report(
          join(path, "name"),
          elsewhere ??
            `unknown extension "${extension.name}": not one of Liftoff's event forwarding extensions`,
          where,
        );
        return;
      }
      if (elsewhere && !extension.opaqueModules) report(join(path, "name"), elsewhere, where);
      else if (!extension.opaqueModules)
        report(
          join(path, "name"),
          `unknown extension "${extension.name}": not one of Liftoff's and no module scripts kept from an import`,
          where,
        );
      for (const [key, module] of Object.entries(extension.opaqueModules ?? {})) {
        const modulePath = join(join(path, "opaqueModules"), key);
        if (extensionOf(key) !== extension.name)
          report(modulePath, `module path must start with "${extension.name}/"`, where);
        // The whole library is compiled before it ships; this names the module that breaks it.
        const error = syntaxError(`return (${module.script}\n);`, []);
        if (error)
          report(join(modulePath, "script"), `module script does not parse: ${error}`, where);
      }
      return;
    }
    if (extension.opaqueModules)
      report(
        join(path, "opaqueModules"),
        `"${extension.name}" is implemented by Liftoff; it takes no module scripts`,
        where,
      );
    for (const problem of checkSettings(
      manifest.settings,
      extension.settings ?? {},
      join(path, "settings"),
      false,
      platform,
    ))
      report(problem.path, problem.message, where);
  });
}

function checkDuplicates(
  items: Array<{ id: string; name: string }>,
  list: string,
  label: string,
  report: Report,
) {
  const ids = new Map<string, number>();
  const names = new Map<string, number>();
  items.forEach((item, i) => {
    const path = join(list, i);
    if (ids.has(item.id))
      report(
        join(path, "id"),
        `duplicate ${label} id "${item.id}" (also ${list}[${ids.get(item.id)}])`,
      );
    else ids.set(item.id, i);
    if (names.has(item.name))
      report(
        join(path, "name"),
        `duplicate ${label} name "${item.name}" (also ${list}[${names.get(item.name)}])`,
      );
    else names.set(item.name, i);
  });
}

/**
 * A token naming a disabled data element: no build includes the element, so the page would
 * get the token's text. (A token naming nothing at all is only a warning, propertyWarnings.ts:
 * Launch publishes it, and `_satellite.setVar` may give it a value.)
 */
function checkItemTokens(
  settings: unknown,
  modulePath: string,
  path: string,
  where: string,
  disabled: Set<string>,
  report: Report,
  platform: PropertyPlatform,
) {
  const base = join(path, "settings");
  for (const use of findTokens(settings, base, functionSettings(modulePath, base), platform))
    if (disabled.has(use.name))
      report(
        use.path,
        `${tokenText(use.name, platform)} names a disabled data element (no build includes it): enable it or use another`,
        where,
      );
}

function checkDataElement(
  doc: PropertyDocument,
  i: number,
  installed: Map<string, PropertyExtension>,
  disabled: Set<string>,
  report: Report,
) {
  const platform = platformOf(doc);
  const element = doc.dataElements[i]!;
  const path = join("dataElements", i);
  const where = dataElementWhere(element.name);
  const settings = element.settings ?? {};
  checkModule(
    installed,
    element.modulePath,
    "dataElement",
    settings,
    path,
    where,
    report,
    platform,
  );
  checkItemTokens(settings, element.modulePath, path, where, disabled, report, platform);
}

function checkRule(
  doc: PropertyDocument,
  r: number,
  installed: Map<string, PropertyExtension>,
  disabled: Set<string>,
  report: Report,
) {
  const platform = platformOf(doc);
  const rule = doc.rules[r]!;
  const componentIds = new Set<string>();
  for (const kind of ["events", "conditions", "actions"] as const)
    rule[kind].forEach((component, c) => {
      const path = join(join(join("rules", r), kind), c);
      const where = componentWhere(rule.name, kind, c);
      if (componentIds.has(component.id))
        report(join(path, "id"), `duplicate component id "${component.id}" in this rule`, where);
      componentIds.add(component.id);
      const settings = component.settings ?? {};
      checkModule(
        installed,
        component.modulePath,
        KIND_OF[kind],
        settings,
        path,
        where,
        report,
        platform,
      );
      checkItemTokens(settings, component.modulePath, path, where, disabled, report, platform);
    });
}

const isBuilt = (item: { enabled?: boolean }) => item.enabled !== false;

/** Collects problems as `{path, message, where?}`. */
function collector(): [PropertyProblem[], Report] {
  const problems: PropertyProblem[] = [];
  const report: Report = (path, message, where) =>
    problems.push(where ? { path, message, where } : { path, message });
  return [problems, report];
}

const installedOf = (doc: PropertyDocument) =>
  new Map(doc.extensions.map((extension) => [extension.name, extension]));

/**
 * Every problem that would stop a build; an empty list means the document builds. Disabled
 * rules and data elements are left out of builds, so their settings are not checked here
 * (validateDisabledItems lists what they would need before they are enabled); their names
 * and ids still count, since enabling one must not clash.
 */
export default function validateProperty(doc: PropertyDocument): PropertyProblem[] {
  const [problems, report] = collector();
  const installed = installedOf(doc);
  const disabled = new Set(doc.dataElements.filter((e) => !isBuilt(e)).map((e) => e.name));
  const platform = platformOf(doc);

  checkEnvironments(doc, report);
  checkExtensions(doc, report, platform);
  checkOrgId(doc, report, platform);
  checkDuplicates(doc.rules, "rules", "rule", report);
  checkDuplicates(doc.dataElements, "dataElements", "data element", report);

  doc.extensions.forEach((extension, i) =>
    checkItemTokens(
      extension.settings ?? {},
      "",
      join("extensions", i),
      extensionWhere(extension.name),
      disabled,
      report,
      platform,
    ),
  );
  doc.dataElements.forEach((element, i) => {
    if (isBuilt(element)) checkDataElement(doc, i, installed, disabled, report);
  });
  doc.rules.forEach((rule, r) => {
    if (isBuilt(rule)) checkRule(doc, r, installed, disabled, report);
  });
  checkDataElementCycles(doc, report, isBuilt);
  if (platform === "edge") checkEdgeProperty(doc, report, isBuilt);
  checkCarriedFiles(doc, report);
  // Not built into the library, but a file the server would refuse should fail here first.
  for (const problem of checkReporting(doc.property.settings, "property.settings"))
    report(problem.path, problem.message, "property settings › reporting");
  return problems;
}

/**
 * What disabled rules and data elements would need fixing before they are enabled. Saving
 * unfinished work is allowed only this way: the items stay out of every build, so these
 * never stop one.
 */
export function validateDisabledItems(doc: PropertyDocument): PropertyProblem[] {
  const [problems, report] = collector();
  const installed = installedOf(doc);
  // Disabled items may name disabled data elements: they are likely enabled together.
  const disabled = new Set<string>();
  doc.dataElements.forEach((element, i) => {
    if (!isBuilt(element)) checkDataElement(doc, i, installed, disabled, report);
  });
  doc.rules.forEach((rule, r) => {
    if (!isBuilt(rule)) checkRule(doc, r, installed, disabled, report);
  });
  if (platformOf(doc) === "edge") checkEdgeProperty(doc, report, (item) => !isBuilt(item));
  return problems;
}
