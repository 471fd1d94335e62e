import type { VisitorInstance } from "../createVisitor.ts";
import createPublishDestinations from "../publishDestinations.ts";
import type { Turbine } from "./createMcidInstance.ts";
import toVisitorConfig from "./toVisitorConfig.ts";

/** Adds `publishDestinations` to the extension's Visitor instance (mcidInstance.ts). */
export type AddPublishDestinations = (instance: VisitorInstance, turbine: Turbine) => void;

/**
 * Helper module `publishDestinations.js`: Audience Manager's part of the Visitor API, which
 * mcidInstance.js applies to the instance when the library carries it. The builder carries it
 * only for a property that uses Audience Manager (docs/identity.md), so others pay nothing.
 */
export default function publishDestinationsModule(module: { exports: unknown }): void {
  const add: AddPublishDestinations = (instance, turbine) => {
    // The few settings the frame needs, with the Visitor API's defaults (normalizeConfig.ts:
    // loadSSL on, dpm.demdex.net, container 0); the instance warned about bad values already.
    const config = toVisitorConfig(turbine.getExtensionSettings().variables, () => undefined);
    const text = (key: string) => (typeof config[key] === "string" ? config[key] : "");
    const https = config.loadSSL !== false || window.location.protocol === "https:";
    const host =
      (https && text("marketingCloudServerSecure")) ||
      text("marketingCloudServer") ||
      "dpm.demdex.net";
    Object.assign(instance, {
      publishDestinations: createPublishDestinations({
        win: window,
        origin: `${https ? "https" : "http"}://${host}`,
        idSyncContainerID: Number(config.idSyncContainerID) || 0,
        disabled: Boolean(config.idSyncDisableSyncs || config.disableIdSyncs),
      }),
    });
  };
  module.exports = add;
}
