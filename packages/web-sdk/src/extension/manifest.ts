/**
 * The Web SDK extension's manifest: its extension settings (the SDK instances, one datastream
 * id per environment, read by createInstanceManager.ts) and its modules, for the builder's
 * validation and the studio's forms. Launch calls the same extension `adobe-alloy`; the
 * builder maps that name on import.
 */
import type { ExtensionManifest, SettingsSchema } from "@liftoff/schema";

const str = (description?: string): SettingsSchema =>
  description ? { type: "string", description } : { type: "string" };
const bool = (d: boolean): SettingsSchema => ({ type: "boolean", default: d });

const instance: SettingsSchema = {
  type: "object",
  properties: {
    name: str("the global function name, e.g. alloy"),
    edgeConfigId: str("production datastream id"),
    stagingEdgeConfigId: str("staging datastream id (production's when empty)"),
    developmentEdgeConfigId: str("development datastream id (production's when empty)"),
    orgId: str("IMS org id; the property's company org id when empty"),
    edgeDomain: str(),
    edgeBasePath: str(),
    edgeOrigin: { type: "string", format: "url", description: "local development edges" },
    defaultConsent: { type: "string", enum: ["in", "out", "pending"], default: "in" },
    thirdPartyCookiesEnabled: bool(true),
    idMigrationEnabled: bool(true),
    clickCollectionEnabled: bool(true),
    downloadLinkQualifier: { type: "string", format: "regex" },
    context: { type: "array", items: { type: "string" } },
    prehidingStyle: str(),
    targetMigrationEnabled: bool(false),
    edgeConfigOverrides: { type: "object" },
  },
  required: ["name", "edgeConfigId"],
};

export const manifest: ExtensionManifest = {
  name: "web-sdk",
  displayName: "Web SDK",
  version: "2.26.0",
  description: "Sends Experience Platform events (XDM) to a datastream; Liftoff serves the edge.",
  launchNames: ["adobe-alloy"],
  settings: {
    type: "object",
    properties: { instances: { type: "array", items: instance } },
    required: ["instances"],
  },
  modules: [
    {
      path: "web-sdk/src/lib/instanceManager.js",
      kind: "shared",
      name: "instanceManager",
      displayName: "Instance manager",
      settings: { type: "object" },
    },
    {
      path: "web-sdk/src/lib/actions/sendEvent.js",
      kind: "action",
      name: "send-event",
      displayName: "Send event",
      settings: {
        type: "object",
        properties: {
          instanceName: { type: "string", default: "alloy" },
          type: str("XDM eventType, e.g. web.webpagedetails.pageViews"),
          xdm: { description: "an XDM object, usually a %data element% token" },
          data: { description: "free-form data, usually a %data element% token" },
          documentUnloading: bool(false),
          renderDecisions: bool(false),
          mergeId: str(),
          datasetId: str(),
          edgeConfigOverrides: { type: "object" },
        },
      },
    },
    {
      path: "web-sdk/src/lib/actions/updateVariable.js",
      kind: "action",
      name: "update-variable",
      displayName: "Update variable",
      settings: {
        type: "object",
        properties: {
          dataElementCacheId: str("the Variable data element to update"),
          dataElementId: str(),
          data: { description: "values to merge in, usually a %data element% token" },
          transforms: { type: "object" },
        },
      },
    },
    {
      path: "web-sdk/src/lib/dataElements/xdmObject.js",
      kind: "dataElement",
      name: "xdm-object",
      displayName: "XDM object",
      settings: { type: "object", properties: { data: { type: "object" } }, required: ["data"] },
    },
    {
      path: "web-sdk/src/lib/dataElements/variable.js",
      kind: "dataElement",
      name: "variable",
      displayName: "Variable",
      settings: {
        type: "object",
        properties: {
          dataElementCacheId: str(),
          dataElementId: str(),
          dataElementName: str(),
        },
      },
    },
  ],
};
