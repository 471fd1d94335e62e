/**
 * Property document + environment → the Launch container object (container.ts in
 * @liftoff/schema), with module scripts and transformed settings as JsCode. Only what the
 * environment runs goes in: enabled rules and data elements, the modules they use,
 * the helper modules those require, and every installed extension's shared modules
 * (identity's Visitor instance, the Web SDK's instance manager), which start on their own.
 * Imported third-party extensions keep all their module scripts: which of them reach each
 * other by `require` cannot be known without running them. Per-stage values are resolved
 * only at fields whose manifest declares them (stageValues.ts); settings without a manifest
 * (opaque extensions and modules) go in as they are.
 */
import type {
  Container,
  PropertyDataElement,
  PropertyDocument,
  PropertyEnvironment,
  PropertyRule,
  Stage,
} from "@liftoff/schema";
import { externalCodeSettings, hostedBaseUrl } from "./carriedFiles.ts";
import { extensionOf, findExtension, findModule } from "./catalog.ts";
import { JsCode } from "./JsCode.ts";
import { helperModules, moduleScript, type BuiltModule } from "./moduleScripts.ts";
import addSharedModuleAliases from "./sharedModuleAliases.ts";
import { resolveStage } from "./stageValues.ts";
import { applyTransforms } from "./transforms.ts";

/**
 * The turbine release whose behaviour the runtime follows (launch-container.md): what
 * buildInfo reports unless the property keeps an imported library's own.
 */
export const TURBINE_VERSION = "28.1.0";
export const TURBINE_BUILD_DATE = "2025-02-06T00:00:00Z";
/** Launch's default component timeout under rule component sequencing. */
const SEQUENCED_TIMEOUT = 2000;

export interface ContainerOptions {
  buildDate: string;
  minify: boolean;
  /** Apply setting transforms (libraries) or keep settings as authored (export). */
  transform: boolean;
  /**
   * Where the carried files are, relative to the library's folder, before `hosted/`: "" for
   * a published library; a preview build's own folder (`preview-<id>/`), so it reads the
   * files of the state it previews, not those of the environment's last build.
   */
  carriedFolder?: string;
}

/** A container whose module scripts and function settings are JsCode, ready for toSource. */
export type ContainerDraft = Omit<Container, "extensions"> & {
  extensions: Record<
    string,
    { displayName: string; modules: Record<string, unknown> } & Record<string, unknown>
  >;
};

type Settings = Record<string, unknown>;

function settingsFor(
  modulePath: string,
  settings: Settings | undefined,
  stage: Stage,
  options: ContainerOptions,
) {
  const schema = findModule(modulePath)?.settings;
  const resolved = (resolveStage(settings ?? {}, schema, stage) ?? {}) as Settings;
  return options.transform ? applyTransforms(modulePath, resolved, options.minify) : resolved;
}

function ruleFor(rule: PropertyRule, stage: Stage, sequenced: boolean, options: ContainerOptions) {
  return {
    id: rule.id,
    name: rule.name,
    events: rule.events.map((e) => ({
      modulePath: e.modulePath,
      settings: settingsFor(e.modulePath, e.settings, stage, options),
      ruleOrder: e.ruleOrder ?? 50,
    })),
    conditions: rule.conditions.map((c) => ({
      modulePath: c.modulePath,
      settings: settingsFor(c.modulePath, c.settings, stage, options),
      negate: c.negate,
      timeout: c.timeout ?? (sequenced ? SEQUENCED_TIMEOUT : undefined),
    })),
    actions: rule.actions.map((a) => ({
      modulePath: a.modulePath,
      settings: options.transform
        ? externalCodeSettings(
            a.id,
            a.modulePath,
            settingsFor(a.modulePath, a.settings, stage, options),
            options.carriedFolder,
          )
        : settingsFor(a.modulePath, a.settings, stage, options),
      timeout: a.timeout ?? (sequenced ? SEQUENCED_TIMEOUT : undefined),
      delayNext: a.delayNext ?? (sequenced ? true : undefined),
    })),
  };
}

function dataElementFor(element: PropertyDataElement, stage: Stage, options: ContainerOptions) {
  return {
    modulePath: element.modulePath,
    settings: settingsFor(element.modulePath, element.settings, stage, options),
    defaultValue: element.defaultValue,
    forceLowerCase: element.forceLowerCase,
    cleanText: element.cleanText,
    storageDuration: element.storageDuration,
  };
}

/**
 * Whether the property uses Audience Manager: some code it carries (an imported extension's
 * module or hosted file, such as DIL in Analytics' AudienceManagement module) calls the
 * Visitor API's `publishDestinations`, which DIL 8 and later require.
 */
export function usesAudienceManager(doc: PropertyDocument): boolean {
  return doc.extensions.some(
    (extension) =>
      Object.values(extension.opaqueModules ?? {}).some((m) =>
        JSON.stringify(m).includes("publishDestinations"),
      ) ||
      Object.values(extension.hostedFiles ?? {}).some((text) =>
        text.includes("publishDestinations"),
      ),
  );
}

/**
 * Optional helper modules a catalog extension's module requires when present, carried only
 * when the property calls for them, so one that does not pays nothing:
 * - the Web SDK's click collection, when some instance collects clicks
 *   (`clickCollectionEnabled`, on when absent as in alloy);
 * - the identity extension's `publishDestinations`, when the property uses Audience Manager.
 */
function optionalHelpers(name: string, settings: unknown, doc: PropertyDocument): string[] {
  if (name === "identity")
    return usesAudienceManager(doc)
      ? ["identity/src/lib/sharedModules/publishDestinations.js"]
      : [];
  const instances = (settings as { instances?: unknown } | undefined)?.instances;
  const clicks =
    name === "web-sdk" &&
    Array.isArray(instances) &&
    instances.some((i) => (i as Settings | null)?.clickCollectionEnabled !== false);
  return clicks ? ["web-sdk/src/lib/clickCollection.js"] : [];
}

/** Module paths of one catalog extension that a library needs, with their built scripts. */
async function catalogModules(
  name: string,
  used: string[],
  optional: string[],
): Promise<Record<string, unknown>> {
  const manifest = findExtension(name)!;
  const shared = manifest.modules.filter((m) => m.kind === "shared").map((m) => m.path);
  const delegates = [...new Set([...used, ...shared])];
  const built = new Map<string, BuiltModule>();
  await Promise.all(delegates.map(async (path) => built.set(path, await moduleScript(path))));
  const helpers = new Set([...(await helperModules(name)), ...optional]);
  for (const module of built.values()) module.helpers.forEach((h) => helpers.add(h));
  await Promise.all([...helpers].map(async (path) => built.set(path, await moduleScript(path))));
  const modules: Record<string, unknown> = {};
  for (const path of [...built.keys()].sort()) {
    const entry = findModule(path);
    const script = new JsCode(built.get(path)!.script);
    modules[path] = entry
      ? {
          name: entry.name,
          displayName: entry.displayName,
          shared: entry.kind === "shared" || undefined,
          script,
        }
      : { script };
  }
  return modules;
}

export default async function buildContainer(
  doc: PropertyDocument,
  environment: PropertyEnvironment,
  options: ContainerOptions,
): Promise<ContainerDraft> {
  const stage = environment.stage;
  const sequenced = doc.property.settings.ruleComponentSequencingEnabled === true;
  const rules = doc.rules.filter((rule) => rule.enabled !== false);
  const dataElements = doc.dataElements.filter((element) => element.enabled !== false);
  const used = new Set<string>(dataElements.map((e) => e.modulePath));
  for (const rule of rules)
    for (const component of [...rule.events, ...rule.conditions, ...rule.actions])
      used.add(component.modulePath);

  const extensions: ContainerDraft["extensions"] = {};
  for (const extension of doc.extensions) {
    const manifest = findExtension(extension.name);
    const settings =
      extension.settings === undefined
        ? undefined
        : resolveStage(extension.settings, manifest?.settings, stage);
    const modules = manifest
      ? await catalogModules(
          extension.name,
          [...used].filter((p) => extensionOf(p) === extension.name).sort(),
          optionalHelpers(extension.name, settings, doc),
        )
      : Object.fromEntries(
          Object.keys(extension.opaqueModules ?? {})
            .sort()
            .map((path) => {
              const { script, ...rest } = extension.opaqueModules![path]!;
              return [path, { ...rest, script: new JsCode(script) }];
            }),
        );
    extensions[extension.name] = {
      displayName: extension.displayName ?? manifest?.displayName ?? extension.name,
      hostedLibFilesBaseUrl: options.transform
        ? hostedBaseUrl(extension, doc.company, manifest !== undefined, options.carriedFolder)
        : extension.hostedLibFilesBaseUrl,
      settings,
      modules,
    };
  }

  if (options.transform) addSharedModuleAliases(extensions);

  const company = {
    // Launch containers always carry one; validation refuses a property whose extensions need it.
    orgId: doc.company.orgId ?? "",
    dynamicCdnEnabled: doc.company.dynamicCdnEnabled ?? false,
    cdnAllowList: doc.company.cdnAllowList,
  };
  return {
    company,
    property: {
      name: doc.property.name,
      id: doc.property.id,
      settings: {
        domains: doc.property.settings.domains ?? [],
        undefinedVarsReturnEmpty: doc.property.settings.undefinedVarsReturnEmpty ?? false,
        ruleComponentSequencingEnabled: sequenced,
      },
    },
    buildInfo: {
      turbineVersion: doc.property.settings.turbineVersion ?? TURBINE_VERSION,
      turbineBuildDate: doc.property.settings.turbineBuildDate ?? TURBINE_BUILD_DATE,
      buildDate: options.buildDate,
      minified: doc.property.settings.buildInfoMinified ?? options.minify,
    },
    environment: { id: environment.id, stage },
    dataElements: Object.fromEntries(
      dataElements.map((element) => [element.name, dataElementFor(element, stage, options)]),
    ),
    rules: rules.map((rule) => ruleFor(rule, stage, sequenced, options)),
    extensions,
  };
}
