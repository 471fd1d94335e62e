import type { CreateClickCollector } from "../createClickCollector.ts";
import createInstanceManager from "./createInstanceManager.ts";
import type { ModuleScript } from "./types.ts";

/**
 * Shared module `instanceManager`: creates the extension's SDK instances once, when the
 * library starts; actions reach it with `require("../instanceManager.js")`. Click collection
 * is a module of its own (`clickCollection.js`) that a library carries only when some
 * instance collects clicks, so one that turns it off pays nothing for it.
 */
const instanceManager: ModuleScript = (module, _exports, require, turbine) => {
  let clickCollector: CreateClickCollector | undefined;
  try {
    clickCollector = require("./clickCollection.js") as CreateClickCollector;
  } catch {
    // Not carried: no instance of this library collects clicks.
  }
  module.exports = createInstanceManager(turbine, window, clickCollector);
};
export default instanceManager;
