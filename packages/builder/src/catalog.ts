/**
 * The extensions Liftoff implements, with their module manifests and extension settings
 * schemas: what properties may install, what validation checks against and what the
 * studio builds its forms from. Core's modules come from @liftoff/core; the Web SDK and
 * identity publish their own manifests beside their extension modules.
 */
import { manifest as coreModules } from "@liftoff/core/manifest";
import { manifest as identity } from "@liftoff/identity/manifest";
import type { ExtensionManifest, ModuleManifest } from "@liftoff/schema";
import { manifest as webSdk } from "@liftoff/web-sdk/manifest";

const core: ExtensionManifest = {
  name: "core",
  displayName: "Core",
  version: "3.4.4",
  description: "Events, conditions, data elements and custom code every property starts with.",
  settings: {
    type: "object",
    properties: {
      cspNonce: { type: "string", description: "nonce added to script tags custom code writes" },
    },
  },
  modules: coreModules,
};

export const catalog: ExtensionManifest[] = [core, webSdk, identity];

/** The catalog entry named `name`, or undefined (opaque and unknown extensions). */
export function findExtension(name: string): ExtensionManifest | undefined {
  return catalog.find((extension) => extension.name === name);
}

/** The catalog entry whose Launch name (or own name) is `launchName`. */
export function findByLaunchName(launchName: string): ExtensionManifest | undefined {
  return catalog.find(
    (extension) => extension.name === launchName || extension.launchNames?.includes(launchName),
  );
}

/** The module manifest for a module path, searching every catalog extension. */
export function findModule(path: string): ModuleManifest | undefined {
  const extension = findExtension(extensionOf(path));
  return extension?.modules.find((module) => module.path === path);
}

/** `core/src/lib/events/click.js` → `core`. */
export function extensionOf(modulePath: string): string {
  const slash = modulePath.indexOf("/");
  return slash < 0 ? modulePath : modulePath.slice(0, slash);
}
