import type { InstanceManager } from "../createInstanceManager.ts";
import type { ModuleScript } from "../types.ts";

/**
 * Data element type "Event merge ID" (Launch: `adobe-alloy/…/dataElements/eventMergeId`):
 * one id per data element, made the first time it is read (as the `createEventMergeId`
 * command makes one) and the same for the rest of the page, so events sent by different
 * rules carry the same `xdm.eventMergeId` and are merged into one. Settings name the data
 * element by `cacheId`.
 */
const eventMergeId: ModuleScript = (module, _exports, require) => {
  const manager = require("../instanceManager.js") as InstanceManager;
  const ids: Record<string, string> = {};
  module.exports = (settings: { cacheId?: string }) =>
    (ids[settings.cacheId ?? ""] ??= manager.createEventMergeId());
};
export default eventMergeId;
