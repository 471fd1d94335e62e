export { ValidationError, ValidationErrors } from "./ValidationError.ts";
export * from "./fields.ts";
export {
  dataElementUsers,
  describeUsers,
  extensionUsers,
  type ExtensionUser,
} from "./extensionUsers.ts";
export { holdsToken, isWholeToken, tokenNames } from "./tokens.ts";
export { checkSettings, type SettingsProblem } from "./checkSettings.ts";
export { joinPath } from "./fieldPath.ts";
export { selectorProblem } from "./selectorProblem.ts";
export { STAGES, isPerStage, stageSchema } from "./stages.ts";
export type * from "./container.ts";
export type * from "./manifest.ts";
export {
  DEFAULT_LIBRARY_MAX_AGE,
  ITEM_NAME_MAX,
  PROPERTY_FORMAT_VERSION,
  SEPARATION_OF_DUTIES_LABEL,
} from "./property.ts";
export type * from "./property.ts";
export {
  LIBRARY_RESOURCE_KINDS,
  PRESENCE_KINDS,
  RESOURCE_KINDS,
  ROLES,
  SETTINGS_RESOURCE_ID,
} from "./api.ts";
export type * from "./api.ts";
export { holdsRegex, regexProblem } from "./regexSettings.ts";
export { PREVIEW_MAX_MS, PREVIEW_PARAM, SERVER_PAGE_ID } from "./preview.ts";
export {
  contentTypeOf,
  hostedFileProblem,
  hostedPathProblem,
  SERVED_FILE_TYPE_LIST,
  SERVED_FILE_TYPES,
  servedFileType,
} from "./servedFiles.ts";
export type * from "./preview.ts";
export {
  BUILT_IN_REPORT_NAMES,
  GENERIC_REPORT_FIELDS,
  REPORT_FIELD_PATH,
  REPORTING_LIMITS,
  checkReporting,
} from "./reporting.ts";
export type * from "./reporting.ts";
export { bool, inGroup, label } from "./settingsFields.ts";
export { CONSENT_PURPOSES, FORWARDING_TOKEN, SECRET_CLOSE, SECRET_OPEN } from "./forwarding.ts";
export type * from "./forwarding.ts";
