import type { ModuleScript } from "./types.ts";

/**
 * Helper module holding the Variable data elements' objects, keyed by data element id:
 * one object per library, shared by the update-variable action and the data element type.
 */
const variableStore: ModuleScript = (module) => {
  module.exports = {};
};
export default variableStore;
