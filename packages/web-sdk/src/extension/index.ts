/**
 * The Web SDK's Launch extension modules, by their path inside the extension
 * (`<extension>/<path>` in a container's `modules` map; relative `require`s rely on it).
 */
import sendEvent from "./actions/sendEvent.ts";
import clickCollection from "./clickCollection.ts";
import updateVariable from "./actions/updateVariable.ts";
import eventMergeId from "./dataElements/eventMergeId.ts";
import variable from "./dataElements/variable.ts";
import xdmObject from "./dataElements/xdmObject.ts";
import instanceManager from "./instanceManager.ts";
import type { ModuleScript } from "./types.ts";
import variableStore from "./variableStore.ts";

export const extensionModules: Record<
  string,
  { script: ModuleScript; name?: string; shared?: boolean }
> = {
  "src/lib/instanceManager.js": { script: instanceManager, name: "instanceManager", shared: true },
  "src/lib/variableStore.js": { script: variableStore },
  "src/lib/clickCollection.js": { script: clickCollection },
  "src/lib/actions/sendEvent.js": { script: sendEvent, name: "send-event" },
  "src/lib/actions/updateVariable.js": { script: updateVariable, name: "update-variable" },
  "src/lib/dataElements/xdmObject.js": { script: xdmObject, name: "xdm-object" },
  "src/lib/dataElements/variable.js": { script: variable, name: "variable" },
  "src/lib/dataElements/eventMergeId.js": { script: eventMergeId, name: "event-merge-id" },
};

export type { InstanceManager } from "./createInstanceManager.ts";
export type { ModuleScript, Turbine } from "./types.ts";
