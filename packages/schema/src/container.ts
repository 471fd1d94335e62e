/**
 * The Launch container layout (`window._satellite.container`), as turbine 28.x reads it.
 * Field names follow Adobe's container schema; see reference/launch-container.md §1.2.
 */
export type Stage = "development" | "staging" | "production";

export interface Company {
  orgId: string;
  dynamicCdnEnabled?: boolean;
  cdnAllowList?: string[];
}

export interface PropertySettings {
  domains?: string[];
  undefinedVarsReturnEmpty?: boolean;
  ruleComponentSequencingEnabled?: boolean;
}

export interface Property {
  name: string;
  id: string;
  settings: PropertySettings;
}

export interface BuildInfo {
  turbineVersion?: string;
  turbineBuildDate?: string;
  buildDate: string;
  minified?: boolean;
}

export interface Environment {
  id: string;
  stage: Stage;
}

export type Settings = Record<string, unknown>;

export interface RuleEvent {
  modulePath: string;
  settings?: Settings;
  ruleOrder?: number;
}

export interface RuleCondition {
  modulePath: string;
  settings?: Settings;
  negate?: boolean;
  timeout?: number;
}

export interface RuleAction {
  modulePath: string;
  settings?: Settings;
  timeout?: number;
  delayNext?: boolean;
}

export interface Rule {
  id: string;
  name: string;
  events: RuleEvent[];
  conditions?: RuleCondition[];
  actions?: RuleAction[];
}

export interface DataElement {
  modulePath: string;
  settings?: Settings;
  defaultValue?: unknown;
  forceLowerCase?: boolean;
  cleanText?: boolean;
  storageDuration?: "pageview" | "session" | "visitor";
}

/** `script(module, exports, require, turbine)`: the CommonJS-like wrapper Launch builds emit. */
export type ModuleScript = (
  module: { exports: unknown },
  exports: unknown,
  require: (path: string) => unknown,
  turbine: unknown,
) => void;

export interface ExtensionModule {
  name?: string;
  displayName?: string;
  shared?: boolean;
  script: ModuleScript;
  filePaths?: string[];
}

export interface Extension {
  displayName: string;
  hostedLibFilesBaseUrl?: string;
  settings?: Settings;
  filePaths?: string[];
  modules: Record<string, ExtensionModule>;
}

export interface Container {
  company: Company;
  property: Property;
  buildInfo: BuildInfo;
  environment: Environment;
  rules: Rule[];
  dataElements: Record<string, DataElement>;
  extensions: Record<string, Extension>;
}
