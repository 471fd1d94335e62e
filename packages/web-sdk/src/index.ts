export { default as installBaseCode } from "./baseCode.ts";
export type { QueueFunction, QueuedCommand } from "./baseCode.ts";
export { default as createInstance, type Executor } from "./createInstance.ts";
export { default as installInstances } from "./installInstances.ts";
export { default as decodeIdentityCookie } from "./decodeIdentityCookie.ts";
export type { Config } from "./validateConfig.ts";
export { default as createClickCollector } from "./createClickCollector.ts";
