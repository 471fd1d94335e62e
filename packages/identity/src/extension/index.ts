export { default as mcidInstance } from "./mcidInstance.ts";
export {
  default as createMcidInstance,
  ORG_ID_NOT_STRING,
  type Turbine,
  type MarketingCloudWindow,
} from "./createMcidInstance.ts";
export { default as toVisitorConfig, type ExtensionVariable } from "./toVisitorConfig.ts";
