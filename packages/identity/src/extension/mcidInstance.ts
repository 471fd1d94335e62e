import createMcidInstance, { type Turbine } from "./createMcidInstance.ts";

/**
 * The shared module `mcid-instance` (Launch path `adobe-mcid/src/lib/sharedModules/
 * mcidInstance.js`) in Launch's module contract, `script(module, exports, require,
 * turbine)` (launch-container.md §2.2): its export is the Visitor instance, which other
 * extensions reach with `turbine.getSharedModule("adobe-mcid", "mcid-instance")`.
 */
export default function mcidInstance(
  module: { exports: unknown },
  _exports: unknown,
  _require: unknown,
  turbine: Turbine,
): void {
  module.exports = createMcidInstance(turbine, window);
}
