import type { InstanceManager } from "../createInstanceManager.ts";
import type { ModuleScript } from "../types.ts";

/**
 * Action "Send event": `{instanceName, type, xdm, data, documentUnloading, mergeId,
 * edgeConfigOverrides, …}` → `instance("sendEvent", …)`. Launch has already resolved the
 * data element tokens (e.g. `xdm: "%XDM page view%"`). Returns the command's promise, so
 * rule sequencing waits for it and a rejection is logged by the engine for this rule.
 */
const sendEvent: ModuleScript = (module, _exports, require) => {
  const manager = require("../instanceManager.js") as InstanceManager;
  module.exports = (settings: Record<string, unknown>) => {
    const { instanceName = "alloy", ...options } = settings;
    const instance = manager.getInstance(String(instanceName));
    if (!instance)
      throw new Error(
        `Failed to send event for instance "${String(instanceName)}". No matching instance was configured with this name.`,
      );
    for (const key of Object.keys(options))
      if (options[key] === undefined || options[key] === "") delete options[key];
    return instance("sendEvent", options);
  };
};
export default sendEvent;
