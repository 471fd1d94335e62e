/**
 * One extension of a Launch container → a property extension (importLaunch.ts): a catalog
 * extension under Liftoff's name with its module paths mapped, or a third-party one kept
 * opaque with its module scripts as source text. Also turns function settings back into
 * the code strings authors edit.
 */
import {
  isPlainObject,
  type ExtensionManifest,
  type ImportReport,
  type PropertyExtension,
} from "@liftoff/schema";
import { join } from "./describePlace.ts";
import { FunctionSource } from "./readLibraryFile.ts";
import { ACTION_PARAMETERS, CUSTOM_CODE_ACTION, transforms } from "./transforms.ts";

type Json = Record<string, unknown>;

/** `function (event) { body }` → `body`; undefined when the text is not that shape. */
export function functionBody(source: string): string | undefined {
  const match = /^\s*(?:async\s+)?function\b[^(]*\([^)]*\)\s*\{([\s\S]*)\}\s*$/.exec(source);
  if (match) return match[1]!.replace(/^\n/, "").replace(/\n$/, "");
  const arrow = /^\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>\s*\{([\s\S]*)\}\s*$/.exec(source);
  return arrow?.[1];
}

/**
 * Whether the body refers to a parameter by a name the module will not call it with: a
 * minified build renames `event` to `e`, and the body alone would then name nothing. Such
 * code is kept whole and called with the real arguments.
 */
function usesOwnNames(source: string, body: string, expected: string[]): boolean {
  const list = /^\s*(?:async\s+)?function\b[^(]*\(([^)]*)\)/.exec(source)?.[1] ?? "";
  return list
    .split(",")
    .map((name) => name.trim())
    .some((name, i) => name && name !== expected[i] && new RegExp(`\\b${name}\\b`).test(body));
}

/** Settings with functions turned back into code strings; warns where that changes meaning. */
export function importSettings(
  value: unknown,
  modulePath: string,
  path: string,
  report: ImportReport,
): Json | undefined {
  if (value === undefined) return undefined;
  // Setting → the parameters the module calls its function with.
  const transformed = new Map(
    (transforms[modulePath] ?? []).map((t) => [t.propertyPath, t.parameters ?? []]),
  );
  // A library Liftoff built carries the custom-code action's inline JavaScript as a function.
  if (modulePath === CUSTOM_CODE_ACTION) transformed.set("source", ACTION_PARAMETERS);
  const walk = (v: unknown, p: string, key?: string): unknown => {
    if (v instanceof FunctionSource) {
      const parameters = key === undefined ? undefined : transformed.get(key);
      const body = functionBody(v.code);
      if (parameters && body !== undefined)
        return usesOwnNames(v.code, body, parameters)
          ? `return (${v.code}).apply(this, arguments);`
          : body;
      report.warnings.push(
        `${p}: a function setting was kept as its source text; check the module still accepts it`,
      );
      return v.code;
    }
    if (Array.isArray(v)) return v.map((entry, i) => walk(entry, join(p, i)));
    if (isPlainObject(v))
      return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, walk(e, join(p, k), k)]));
    return v;
  };
  const settings = walk(value, path);
  return isPlainObject(settings) ? settings : {};
}

export interface Mapping {
  /** Launch module path → Liftoff module path. */
  paths: Map<string, string>;
  extensions: PropertyExtension[];
}

export default function mapLaunchExtension(
  launchName: string,
  extension: Json,
  manifest: ExtensionManifest | undefined,
  mapping: Mapping,
  report: ImportReport,
) {
  const modules = isPlainObject(extension.modules) ? extension.modules : {};
  const displayName = typeof extension.displayName === "string" ? extension.displayName : undefined;
  const base: PropertyExtension = { name: manifest?.name ?? launchName };
  if (displayName) base.displayName = displayName;
  if (typeof extension.hostedLibFilesBaseUrl === "string")
    base.hostedLibFilesBaseUrl = extension.hostedLibFilesBaseUrl;
  if (isPlainObject(extension.settings))
    base.settings = importSettings(
      extension.settings,
      "",
      join(join("extensions", launchName), "settings"),
      report,
    );

  if (!manifest) {
    base.opaqueModules = {};
    for (const [path, raw] of Object.entries(modules)) {
      const module = isPlainObject(raw) ? raw : {};
      const script = module.script instanceof FunctionSource ? module.script.code : module.script;
      if (typeof script !== "string" || !script.trim()) {
        report.warnings.push(`extensions.${launchName}.modules["${path}"]: no script; left out`);
        continue;
      }
      const entry: NonNullable<PropertyExtension["opaqueModules"]>[string] = { script };
      if (typeof module.name === "string") entry.name = module.name;
      if (typeof module.displayName === "string") entry.displayName = module.displayName;
      if (module.shared === true) entry.shared = true;
      base.opaqueModules[path] = entry;
      // A script asking for `adobe-mcid`'s shared module gets identity's: the build adds an
      // alias extension under the Launch name (sharedModuleAliases.ts).
      mapping.paths.set(path, path);
    }
    report.opaque.push({ extension: launchName, modules: Object.keys(base.opaqueModules) });
    mapping.extensions.push(base);
    return;
  }
  report.mapped.push({ from: launchName, to: manifest.name });
  for (const [path, raw] of Object.entries(modules)) {
    const module = isPlainObject(raw) ? raw : {};
    const target =
      manifest.modules.find((m) => m.path === path) ??
      (typeof module.name === "string"
        ? manifest.modules.find((m) => m.name === module.name)
        : undefined);
    if (target) {
      mapping.paths.set(path, target.path);
      if (path !== target.path) report.mapped.push({ from: path, to: target.path });
    } else if (typeof module.name === "string")
      report.warnings.push(
        `${path} ("${module.name}") has no Liftoff equivalent in ${manifest.name}; rules and data elements using it will not validate`,
      );
  }
  mapping.extensions.push(base);
}
