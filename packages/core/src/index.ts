export { default as valueComparison, operators } from "./lib/conditions/valueComparison.ts";
export type { Operator, ValueComparisonSettings } from "./lib/conditions/valueComparison.ts";
export { manifest, describeModule } from "./manifest.ts";
export type { ModuleKind, ModuleManifest, SettingsSchema } from "./manifest.ts";
export { env, inject } from "./lib/env.ts";
export type { Turbine, Require, Logger } from "./lib/env.ts";
