import type { Dict } from "../../validate.ts";
import type { ModuleScript } from "../types.ts";

/**
 * Data element type "Variable": the object the update-variable action builds up, `{}` until
 * it has run. Settings name the variable by `dataElementCacheId` (or its id or name).
 */
const variable: ModuleScript = (module, _exports, require) => {
  const store = require("../variableStore.js") as Record<string, Dict>;
  module.exports = (settings: {
    dataElementCacheId?: string;
    dataElementId?: string;
    dataElementName?: string;
  }) => {
    for (const key of [
      settings.dataElementCacheId,
      settings.dataElementId,
      settings.dataElementName,
    ])
      if (key && store[key] !== undefined) return store[key];
    return {};
  };
};
export default variable;
