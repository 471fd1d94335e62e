import createClickCollector from "../createClickCollector.ts";
import type { ModuleScript } from "./types.ts";

/**
 * Helper module `clickCollection.js`: alloy's automatic link-click collection, which
 * instanceManager.js passes to the instances it creates. The builder carries it only when
 * some instance has `clickCollectionEnabled` on (alloy's default).
 */
const clickCollection: ModuleScript = (module) => {
  module.exports = createClickCollector;
};
export default clickCollection;
