export { ValidationError, ValidationErrors } from "./ValidationError.ts";
export * from "./fields.ts";
export type * from "./container.ts";
export type * from "./manifest.ts";
export { PROPERTY_FORMAT_VERSION } from "./property.ts";
export type * from "./property.ts";
export { ROLES } from "./api.ts";
export type * from "./api.ts";
