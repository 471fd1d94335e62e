/**
 * The Web SDK extension's manifest: its extension settings (the SDK instances, one datastream
 * id per environment, read by createInstanceManager.ts) and its modules, for the builder's
 * validation and the studio's forms. Launch calls the same extension `adobe-alloy`; the
 * builder maps that name on import.
 */
import { bool, inGroup, label, type ExtensionManifest, type SettingsSchema } from "@liftoff/schema";

const str = (description?: string): SettingsSchema =>
  description ? { type: "string", description } : { type: "string" };

/** May differ by environment: `{development, staging, production}`, resolved by the build. */
const perStage = (schema: SettingsSchema): SettingsSchema => ({ ...schema, stages: true });

const instance: SettingsSchema = {
  type: "object",
  properties: {
    name: label(str(), "Instance name", "The global function name, e.g. alloy", "Name"),
    edgeConfigId: perStage(
      label(str(), "Production datastream id", undefined, "Datastream (production)"),
    ),
    stagingEdgeConfigId: label(
      str(),
      "Staging datastream id",
      "Production's when empty",
      "Datastream (staging)",
    ),
    developmentEdgeConfigId: label(
      str(),
      "Development datastream id",
      "Production's when empty",
      "Datastream (development)",
    ),
    orgId: inGroup(
      "Identity",
      perStage(
        label(
          str(),
          "Adobe organization id",
          "The property's org id when empty",
          "IMS organization ID",
        ),
      ),
    ),
    edgeDomain: inGroup(
      "Where events are sent",
      perStage(label(str(), "Edge domain", "e.g. a first-party CNAME; Adobe's when empty")),
    ),
    edgeBasePath: inGroup(
      "Where events are sent",
      perStage(label(str(), "Edge path", undefined, "Edge base path")),
    ),
    edgeOrigin: inGroup(
      "Where events are sent",
      perStage(
        label(
          { type: "string", format: "url" },
          "Edge server address",
          "Where events are sent, e.g. this Liftoff server; for local development edges",
        ),
      ),
    ),
    defaultConsent: inGroup(
      "Data collection",
      label(
        { type: "string", enum: ["in", "out", "pending"], default: "in" },
        "Consent before the visitor chooses",
        "in: collect; out: drop; pending: hold events until consent is given",
        "Default consent",
      ),
    ),
    thirdPartyCookiesEnabled: inGroup(
      "Identity",
      label(bool(true), "Use third-party cookies", undefined, "Use third-party cookies"),
    ),
    idMigrationEnabled: inGroup(
      "Identity",
      label(
        bool(true),
        "Keep visitor ids from the older ID service",
        undefined,
        "Migrate ECID from VisitorAPI",
      ),
    ),
    clickCollectionEnabled: inGroup(
      "Data collection",
      label(
        bool(true),
        "Send link clicks automatically",
        undefined,
        "Enable click data collection",
      ),
    ),
    downloadLinkQualifier: inGroup(
      "Data collection",
      label(
        { type: "string", format: "regex" },
        "Download links (regular expression)",
        "Links whose URL matches count as downloads",
        "Download link qualifier",
      ),
    ),
    context: inGroup(
      "Data collection",
      label(
        { type: "array", items: { type: "string" } },
        "Browser details to add",
        "e.g. web, device, environment, placeContext",
        "Context",
      ),
    ),
    prehidingStyle: inGroup(
      "Advanced",
      label(str(), "CSS to hide content while personalization loads", undefined, "Prehiding style"),
    ),
    targetMigrationEnabled: inGroup(
      "Identity",
      label(
        bool(false),
        "Share visitor ids with at.js pages",
        undefined,
        "Migrate Target from at.js",
      ),
    ),
    edgeConfigOverrides: inGroup(
      "Advanced",
      label(
        { type: "object" },
        "Datastream overrides",
        undefined,
        "Datastream configuration overrides",
      ),
    ),
  },
  required: ["name", "edgeConfigId"],
};

export const manifest: ExtensionManifest = {
  name: "web-sdk",
  displayName: "Web SDK",
  version: "2.26.0",
  description: "Sends Experience Platform events (XDM) to a datastream; Liftoff serves the edge.",
  launchNames: ["adobe-alloy"],
  // Instances fall back to the property's org id, and the edge names identity cookies after it.
  needsOrgId: true,
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
          instanceName: label(
            { type: "string", default: "alloy" },
            "Instance name",
            "The instance set up in the extension's settings",
            "Instance",
          ),
          type: label(
            { type: "string", widget: "xdmEventType" },
            "Event type",
            "The XDM event type, e.g. web.webpagedetails.pageViews",
            "Type",
          ),
          // Typed JSON is stored as the object it reads as; alloy sends nothing for text.
          xdm: label(
            { type: "object", widget: "jsonOrToken" },
            "XDM data",
            "An XDM object (JSON), usually a %data element% token",
            "XDM",
          ),
          data: label(
            { type: "object", widget: "jsonOrToken" },
            "Other data",
            "Free-form data (JSON), usually a %data element% token",
            "Data",
          ),
          documentUnloading: label(
            bool(false),
            "The page is about to close or navigate",
            "Sends with the browser's beacon so the event is not lost",
            "Document will unload",
          ),
          renderDecisions: label(
            bool(false),
            "Show personalized content it returns",
            undefined,
            "Render visual personalization decisions",
          ),
          mergeId: inGroup("Advanced", label(str(), "Merge id", "Deprecated", "Merge ID")),
          datasetId: inGroup(
            "Advanced",
            label(str(), "Dataset id", "Overrides the datastream's dataset", "Dataset ID"),
          ),
          edgeConfigOverrides: inGroup(
            "Advanced",
            label(
              { type: "object" },
              "Datastream overrides",
              undefined,
              "Datastream configuration overrides",
            ),
          ),
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
          dataElementCacheId: label(
            { type: "string", widget: "variableDataElement" },
            "Variable to update",
            "A Variable data element of this property",
            "Data element",
          ),
          dataElementId: inGroup(
            "Advanced",
            label(
              str(),
              "Variable's data element id",
              "Kept from Launch imports",
              "Data element ID",
            ),
          ),
          data: label(
            { format: "json", widget: "jsonOrToken" },
            "Values to set",
            "An object (JSON) merged into the variable, or a %data element% token",
            "Data",
          ),
          transforms: label(
            { type: "object" },
            "Fields to clear first",
            'e.g. { "web.webInteraction.name": { "clear": true } }',
            "Transforms",
          ),
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
          dataElementCacheId: label(
            str(),
            "Variable key",
            "How update-variable actions find it",
            "Cache ID",
          ),
          dataElementId: label(str(), "Data element id", undefined, "Data element ID"),
          dataElementName: label(str(), "Data element name"),
        },
      },
    },
    {
      path: "web-sdk/src/lib/dataElements/eventMergeId.js",
      kind: "dataElement",
      name: "event-merge-id",
      displayName: "Event merge ID",
      settings: {
        type: "object",
        properties: {
          cacheId: label(
            str(),
            "Key",
            "Data elements with the same key read the same id; each key gets its own",
            "Cache ID",
          ),
        },
      },
    },
  ],
};
