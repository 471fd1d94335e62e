/**
 * The console logger every Launch message goes through (reference §3.5): a rocket prefix,
 * an optional `[name]` second argument, and silence unless debug output is on. Deprecations
 * always print, as turbine does.
 */
export type LogLevel = "log" | "info" | "debug" | "warn" | "error";

/** What extensions (`turbine.logger`) and page code (`_satellite.logger`) get: five methods. */
export type ConsoleLogger = Record<LogLevel, (...args: unknown[]) => void>;

export interface Logger extends ConsoleLogger {
  deprecation(...args: unknown[]): void;
  /** A `[name]`-prefixed logger with only the five console methods. */
  prefixed_(name: string): ConsoleLogger;
}

export const ROCKET = "\uD83D\uDE80";
const LEVELS = ["log", "info", "debug", "warn", "error"] as const;

function methods(isEnabled: () => boolean, head: string[]): ConsoleLogger {
  const logger = {} as ConsoleLogger;
  for (const level of LEVELS) {
    // Every browser the es2020 build runs in has console.debug (turbine's info fallback is for IE10).
    logger[level] = (...args) => void (isEnabled() && console[level](...head, ...args));
  }
  return logger;
}

export default function createLogger(isEnabled: () => boolean): Logger {
  return {
    ...methods(isEnabled, [ROCKET]),
    deprecation: (...args: unknown[]) => console.warn(ROCKET, ...args),
    prefixed_: (name) => methods(isEnabled, [ROCKET, `[${name}]`]),
  };
}
