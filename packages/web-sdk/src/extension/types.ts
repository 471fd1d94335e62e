/**
 * The slice of Launch's module contract (launch-container.md §2.2) these modules use: a
 * module is `script(module, exports, require, turbine)` and sets `module.exports`.
 */
export interface Turbine {
  getExtensionSettings(): Record<string, unknown>;
  environment?: { stage?: string };
  debugEnabled?: boolean;
  onDebugChanged?(callback: (enabled: boolean) => void): void;
  logger: {
    log(...args: unknown[]): void;
    info(...args: unknown[]): void;
    warn(...args: unknown[]): void;
    error(...args: unknown[]): void;
  };
}

export type LaunchRequire = (path: string) => unknown;

export type ModuleScript = (
  module: { exports: unknown },
  exports: unknown,
  require: LaunchRequire,
  turbine: Turbine,
) => void;
