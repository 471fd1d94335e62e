import mergeDeep from "../../mergeDeep.ts";
import { isObject, type Dict } from "../../validate.ts";
import deletePath from "../deletePath.ts";
import type { ModuleScript } from "../types.ts";

export interface UpdateVariableSettings {
  /** Which Variable data element to update. */
  dataElementCacheId?: string;
  dataElementId?: string;
  /** The values to merge in — usually a `%data element%` token resolved by Launch. */
  data?: unknown;
  /** Dot paths of earlier values to clear first, e.g. `{"_experience.analytics.event1to100": {clear: true}}`. */
  transforms?: Record<string, { clear?: boolean }>;
}

/**
 * Action "Update variable" (spec §7 "before each send"): clears the chosen fields of the
 * variable's current object, then deep-merges the data element's value into it. Other
 * fields stay, so values set by earlier rules carry over unless cleared.
 */
const updateVariable: ModuleScript = (module, _exports, require, turbine) => {
  const store = require("../variableStore.js") as Record<string, Dict>;
  module.exports = (settings: UpdateVariableSettings) => {
    const key = settings.dataElementCacheId ?? settings.dataElementId;
    if (!key) {
      turbine.logger.error("dataElementCacheId: the variable to update is missing.");
      return;
    }
    let value = store[key] ?? {};
    for (const [path, transform] of Object.entries(settings.transforms ?? {}))
      if (transform?.clear) value = deletePath(value, path);
    if (!isObject(settings.data) && settings.data !== undefined)
      turbine.logger.warn(
        `data: expected an object to merge into the variable, got ${typeof settings.data}.`,
      );
    store[key] = mergeDeep(mergeDeep({}, value), settings.data);
  };
};
export default updateVariable;
