/**
 * How a Core module reaches the `turbine` free variable and Launch's `require` (reference
 * §2.2). Modules read `env.turbine` / `env.require` when they run, never at import time.
 * - In a Launch library, build.mjs swaps this file for one that points at the wrapper's
 *   `(module, exports, require, turbine)` parameters.
 * - In unit tests, `inject()` installs a fake.
 */
export interface Logger {
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface Turbine {
  logger: Logger;
  getDataElementValue(name: string, event?: unknown): unknown;
  replaceTokens<T>(value: T, event?: unknown): T;
  getExtensionSettings(): Record<string, unknown>;
  propertySettings?: { ruleComponentSequencingEnabled?: boolean } & Record<string, unknown>;
  buildInfo?: { buildDate?: string } & Record<string, unknown>;
}

export type Require = (key: string) => unknown;

export const env = {} as { turbine: Turbine; require: Require };

/** Installs the turbine object and require function the modules will use (tests). */
export function inject(turbine: Turbine, require: Require = () => undefined): void {
  env.turbine = turbine;
  env.require = require;
}
