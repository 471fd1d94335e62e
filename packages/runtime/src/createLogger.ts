/**
 * The console logger every Launch message goes through (reference §3.5): a rocket prefix,
 * an optional `[name]` second argument, and silence unless debug output is on. Deprecations
 * always print, as turbine does.
 */
export type LogLevel = "log" | "info" | "debug" | "warn" | "error";

export interface Logger {
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  deprecation(...args: unknown[]): void;
  createPrefixedLogger(name: string): Logger;
}

export const ROCKET = "\uD83D\uDE80";

export default function createLogger(isEnabled: () => boolean, prefix?: string): Logger {
  const head = prefix ? [ROCKET, `[${prefix}]`] : [ROCKET];
  const write = (level: LogLevel | "deprecation", args: unknown[]) => {
    if (level !== "deprecation" && !isEnabled()) return;
    // Old browsers lack console.debug; turbine falls back to info there.
    const name =
      level === "deprecation" ? "warn" : level === "debug" && !console.debug ? "info" : level;
    console[name](...head, ...args);
  };
  return {
    log: (...a) => write("log", a),
    info: (...a) => write("info", a),
    debug: (...a) => write("debug", a),
    warn: (...a) => write("warn", a),
    error: (...a) => write("error", a),
    deprecation: (...a) => write("deprecation", a),
    createPrefixedLogger: (name) => createLogger(isEnabled, name),
  };
}
