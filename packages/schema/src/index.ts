export { ValidationError, ValidationErrors } from "./ValidationError.ts";
export * from "./fields.ts";
export type * from "./container.ts";
