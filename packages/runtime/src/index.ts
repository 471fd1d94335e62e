export { default as startRuntime } from "./startRuntime.ts";
export { default as createLogger, ROCKET } from "./createLogger.ts";
export type { Logger, LogLevel } from "./createLogger.ts";
export type { SyntheticEvent, Trigger } from "./types.ts";
