/**
 * The extensions Liftoff implements, with their module manifests and extension settings
 * schemas: what properties may install, what validation checks against and what the
 * studio builds its forms from. Core's modules come from @liftoff/core; the Web SDK and
 * identity publish their own manifests beside their extension modules.
 */
import { manifest as coreModules } from "@liftoff/core/manifest";
import { manifest as identity } from "@liftoff/identity/manifest";
import type {
  ExtensionManifest,
  ModuleManifest,
  PropertyDocument,
  PropertyPlatform,
} from "@liftoff/schema";
import { manifest as webSdk } from "@liftoff/web-sdk/manifest";
import { forwardingCatalog } from "./forwarding/manifest.ts";

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

/** The extensions a property of `platform` installs: the web catalog or the edge one. */
export function catalogFor(platform: PropertyPlatform = "web"): ExtensionManifest[] {
  return platform === "edge" ? forwardingCatalog : catalog;
}

/** The platform of a property document: `edge` for event forwarding, else `web`. */
export function platformOf(doc: PropertyDocument): PropertyPlatform {
  return doc.property.settings.platform === "edge" ? "edge" : "web";
}

/**
 * The catalog entry named `name` for a property of `platform`, or undefined (opaque and
 * unknown extensions). Both catalogues have a `core`: the web one's runs on the page, the
 * edge one's on the server.
 */
export function findExtension(
  name: string,
  platform: PropertyPlatform = "web",
): ExtensionManifest | undefined {
  return catalogFor(platform).find((extension) => extension.name === name);
}

/** The catalog entry whose Launch name (or own name) is `launchName`. */
export function findByLaunchName(launchName: string): ExtensionManifest | undefined {
  return catalog.find(
    (extension) => extension.name === launchName || extension.launchNames?.includes(launchName),
  );
}

/** The module manifest for a module path, searching every catalog extension of `platform`. */
export function findModule(
  path: string,
  platform: PropertyPlatform = "web",
): ModuleManifest | undefined {
  const extension = findExtension(extensionOf(path), platform);
  return extension?.modules.find((module) => module.path === path);
}

/** `core/src/lib/events/click.js` → `core`. */
export function extensionOf(modulePath: string): string {
  const slash = modulePath.indexOf("/");
  return slash < 0 ? modulePath : modulePath.slice(0, slash);
}
