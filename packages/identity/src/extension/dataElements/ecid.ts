import type { VisitorInstance } from "../../createVisitor.ts";

/**
 * Data element type "ECID" (Launch: `adobe-mcid/src/lib/dataElements/ecid.js`): the visitor's
 * Experience Cloud ID once the ID service has it, undefined before (so the data element's
 * default value applies), as Launch's does.
 */
export default function ecid(
  module: { exports: unknown },
  _exports: unknown,
  require: (path: string) => unknown,
): void {
  const instance = require("../sharedModules/mcidInstance.js") as VisitorInstance;
  let value: string | undefined;
  instance.getMarketingCloudVisitorID((id) => {
    value = id || undefined;
  }, true);
  module.exports = () => value;
}
