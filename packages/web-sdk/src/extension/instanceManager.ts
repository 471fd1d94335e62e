import createInstanceManager from "./createInstanceManager.ts";
import type { ModuleScript } from "./types.ts";

/**
 * Shared module `instanceManager`: creates the extension's SDK instances once, when the
 * library starts; actions reach it with `require("../instanceManager.js")`.
 */
const instanceManager: ModuleScript = (module, _exports, _require, turbine) => {
  module.exports = createInstanceManager(turbine);
};
export default instanceManager;
