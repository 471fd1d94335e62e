export { default as hashCustomerId, normalizeCustomerId } from "./hashCustomerId.ts";
export { default as sha256 } from "./sha256.ts";
export {
  default as createVisitorNamespace,
  MISSING_ORG_ID,
  USE_GET_INSTANCE,
  type AdobeNamespace,
  type VisitorNamespace,
} from "./createVisitorNamespace.ts";
export type { VisitorInstance } from "./createVisitor.ts";
export type { OptIn, Permissions } from "./createOptIn.ts";
export { OPT_IN_CATEGORIES, OPT_IN_STATUS, INVALID_CATEGORY } from "./optInCategories.ts";
export { parseAmcv, serializeAmcv } from "./amcvCookie.ts";
export { INVALID_SERVER_STATE } from "./parseServerState.ts";
export { VERSION } from "./constants.ts";
export * from "./extension/index.ts";
