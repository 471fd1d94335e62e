export { default as createLogger, ROCKET } from "./createLogger.ts";
export type { Logger, LogLevel } from "./createLogger.ts";
