import createPropertyDocument from "./createPropertyDocument.ts";

/** The property with its documented defaults; the server loads it on first start. */
export const propertyDocument = createPropertyDocument();

export {
  default as createPropertyDocument,
  DATASTREAMS,
  DEFAULTS,
  ENVIRONMENTS,
  ORG_ID,
  PROPERTY_ID,
  vendorHostsAt,
  type PcMarketingOptions,
} from "./createPropertyDocument.ts";
export { default as pageName } from "./custom-code/pageName.ts";
export { EVARS, PROPS } from "./xdm.ts";
export { REPORTING } from "./reporting.ts";
