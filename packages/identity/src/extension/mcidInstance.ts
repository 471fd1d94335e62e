import createMcidInstance, { type Turbine } from "./createMcidInstance.ts";
import type { AddPublishDestinations } from "./publishDestinationsModule.ts";

/**
 * The shared module `mcid-instance` (Launch path `adobe-mcid/src/lib/sharedModules/
 * mcidInstance.js`) in Launch's module contract, `script(module, exports, require,
 * turbine)` (launch-container.md §2.2): its export is the Visitor instance, which other
 * extensions reach with `turbine.getSharedModule("adobe-mcid", "mcid-instance")`. With
 * Audience Manager the library also carries `publishDestinations.js`, which DIL needs on the
 * instance.
 */
export default function mcidInstance(
  module: { exports: unknown },
  _exports: unknown,
  require: (path: string) => unknown,
  turbine: Turbine,
): void {
  const instance = createMcidInstance(turbine, window);
  let addPublishDestinations: AddPublishDestinations | undefined;
  try {
    addPublishDestinations = require("./publishDestinations.js") as AddPublishDestinations;
  } catch {
    // Not carried: the property does not use Audience Manager.
  }
  addPublishDestinations?.(instance, turbine);
  module.exports = instance;
}
