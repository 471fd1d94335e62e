import type { ModuleScript } from "../types.ts";

/**
 * Data element type "XDM object": the object built in the studio, with its `%tokens%`
 * already resolved by Launch (`settings.data`).
 */
const xdmObject: ModuleScript = (module) => {
  module.exports = (settings: { data?: unknown }) => settings.data;
};
export default xdmObject;
