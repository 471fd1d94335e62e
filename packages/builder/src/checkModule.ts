/**
 * Checks one module reference in a property (validateProperty.ts): the extension is
 * installed, it has the module, the module is of the kind the place needs, its settings fit
 * the module's schema, and its custom code parses.
 */
import {
  checkSettings,
  type ModuleKind,
  type PropertyExtension,
  type PropertyPlatform,
} from "@liftoff/schema";
import { extensionOf, findExtension, findModule } from "./catalog.ts";
import { join } from "./describePlace.ts";
import { codeSettings, syntaxError, transforms } from "./transforms.ts";

/** Collects one problem: field path, message and readable place. */
export type Report = (path: string, message: string, where?: string) => void;

const KIND_LABEL: Record<ModuleKind, string> = {
  event: "an event",
  condition: "a condition",
  action: "an action",
  dataElement: "a data element",
  shared: "a shared",
};

/** Paths of strings that become functions: turbine never replaces tokens inside them. */
export const functionSettings = (modulePath: string, base: string) => {
  const keys = (transforms[modulePath] ?? []).filter((t) => t.type === "function");
  const skipped = new Set(keys.map((t) => join(base, t.propertyPath)));
  return (path: string) => skipped.has(path);
};

/**
 * Why a module of the other platform cannot be used here (a web module in an event
 * forwarding property, a forwarding module in a web one), or undefined.
 */
export function wrongPlatform(modulePath: string, platform: PropertyPlatform): string | undefined {
  if (platform === "edge" && findModule(modulePath, "web"))
    return `"${modulePath}" is a web module: the rules of an event forwarding property (platform edge) run on the server and cannot use it`;
  if (platform === "web" && findModule(modulePath, "edge"))
    return `"${modulePath}" is an event forwarding module: only properties of platform edge can use it`;
  return undefined;
}

/** Checks one module reference: installed extension, known module, right kind, settings. */
export default function checkModule(
  installed: Map<string, PropertyExtension>,
  modulePath: string,
  kind: ModuleKind,
  settings: Record<string, unknown>,
  path: string,
  where: string,
  report: Report,
  platform: PropertyPlatform = "web",
) {
  const extensionName = extensionOf(modulePath);
  const extension = installed.get(extensionName);
  const elsewhere = wrongPlatform(modulePath, platform);
  if (!extension) {
    const message = elsewhere ?? `extension "${extensionName}" is not installed`;
    report(join(path, "modulePath"), message, where);
    return;
  }
  const manifest = findExtension(extensionName, platform);
  if (!manifest) {
    if (!extension.opaqueModules?.[modulePath])
      report(join(path, "modulePath"), elsewhere ?? `unknown module "${modulePath}"`, where);
    return;
  }
  const module = manifest.modules.find((m) => m.path === modulePath);
  if (!module) {
    report(join(path, "modulePath"), elsewhere ?? `unknown module "${modulePath}"`, where);
    return;
  }
  if (module.kind !== kind) {
    report(
      join(path, "modulePath"),
      `"${modulePath}" is ${KIND_LABEL[module.kind]} module, used here as ${KIND_LABEL[kind]}`,
      where,
    );
    return;
  }
  for (const problem of checkSettings(
    module.settings,
    settings,
    join(path, "settings"),
    false,
    platform,
  ))
    report(problem.path, problem.message, where);
  for (const { key, parameters } of codeSettings(modulePath, settings)) {
    const code = settings[key];
    if (typeof code !== "string") continue;
    const error = syntaxError(code, parameters);
    if (error)
      report(join(join(path, "settings"), key), `custom code does not parse: ${error}`, where);
  }
}
