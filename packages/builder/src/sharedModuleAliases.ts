/**
 * Launch names for Liftoff's shared modules. A third-party extension written for Launch asks
 * `turbine.getSharedModule("adobe-mcid", "mcid-instance")`; in a Liftoff property the ID
 * service is the `identity` extension, so that call would find nothing. When a library
 * carries an imported (opaque) module that names a catalog extension's Launch name (its
 * manifest's `launchNames`) and no extension of that name is installed, the library gets a
 * small extension under the Launch name whose shared modules, named as Liftoff's, return
 * Liftoff's: `adobe-mcid/src/lib/sharedModules/mcidInstance.js` (`mcid-instance`) returns
 * `turbine.getSharedModule("identity", "mcid-instance")`.
 *
 * Nothing is added to the engine, and a library whose modules never name a Launch extension
 * (every library made in Liftoff) carries no alias.
 */
import { findExtension } from "./catalog.ts";
import { JsCode } from "./JsCode.ts";

type Extensions = Record<
  string,
  { displayName: string; modules: Record<string, unknown> } & Record<string, unknown>
>;

/** The source of every module the library carries from imported (non-catalog) extensions. */
function opaqueSource(extensions: Extensions): string {
  return Object.entries(extensions)
    .filter(([name]) => !findExtension(name))
    .flatMap(([, extension]) => Object.values(extension.modules))
    .map((module) => (module as { script?: unknown }).script)
    .map((script) => (script instanceof JsCode ? script.code : ""))
    .join("\n");
}

const forward = (extension: string, name: string) =>
  new JsCode(
    `function(module,exports,require,turbine){module.exports=turbine.getSharedModule(${JSON.stringify(extension)},${JSON.stringify(name)});}`,
  );

/** The alias extension for one Launch name of a catalog extension, or none without shared modules. */
function aliasFor(name: string, launchName: string): Extensions[string] | undefined {
  const manifest = findExtension(name)!;
  const modules: Record<string, unknown> = {};
  for (const module of manifest.modules.filter((m) => m.kind === "shared")) {
    modules[launchName + module.path.slice(name.length)] = {
      name: module.name,
      displayName: module.displayName,
      shared: true,
      script: forward(name, module.name),
    };
  }
  return Object.keys(modules).length ? { displayName: manifest.displayName, modules } : undefined;
}

/** Adds the alias extensions a container's imported modules ask for (in place). */
export default function addSharedModuleAliases(extensions: Extensions): void {
  const asked = opaqueSource(extensions);
  if (!asked) return;
  for (const name of Object.keys(extensions)) {
    for (const launchName of findExtension(name)?.launchNames ?? []) {
      if (launchName === name || extensions[launchName] || !asked.includes(launchName)) continue;
      const alias = aliasFor(name, launchName);
      if (alias) extensions[launchName] = alias;
    }
  }
}
