import createForwardingProperty from "./createForwardingProperty.ts";
import createPropertyDocument from "./createPropertyDocument.ts";
import createServerSideProperty from "./createServerSideProperty.ts";

/** The property with its documented defaults; the server loads it on first start. */
export const propertyDocument = createPropertyDocument();

/**
 * The server-side variant with its documented defaults: the web property without the three
 * vendor tags, and the event forwarding property that sends them from the server
 * (docs/pc-marketing.md, "Server-side variant").
 */
export const pcMarketingServerSide = createServerSideProperty();
export const pcMarketingForwarding = createForwardingProperty();

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
export {
  default as createForwardingProperty,
  AD_PIXEL_TOKEN_SECRET,
  FORWARDED_RULES,
  FORWARDING_ENVIRONMENTS,
  FORWARDING_PROPERTY_ID,
  type PcForwardingOptions,
} from "./createForwardingProperty.ts";
export {
  default as createServerSideProperty,
  type PcServerSideOptions,
} from "./createServerSideProperty.ts";
export { default as pageName } from "./custom-code/pageName.ts";
export { EVARS, PROPS } from "./xdm.ts";
export { REPORTING } from "./reporting.ts";
