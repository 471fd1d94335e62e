import { inject, type Turbine } from "../src/lib/env.ts";

export interface FakeTurbine extends Turbine {
  /** Every logger call as `[level, ...args]`. */
  logs: unknown[][];
}

/**
 * Installs a fake `turbine` for unit tests: a recording logger, data elements from a map,
 * identity token replacement, the given extension and property settings, and `require`
 * answering `@adobe/reactor-cookie` from `cookies` (a name → value map) when given.
 */
export default function fakeTurbine(
  options: {
    extensionSettings?: Record<string, unknown>;
    dataElements?: Record<string, unknown>;
    propertySettings?: Record<string, unknown>;
    require?: (key: string) => unknown;
    cookies?: Record<string, string>;
  } = {},
): FakeTurbine {
  const logs: unknown[][] = [];
  const log =
    (level: string) =>
    (...args: unknown[]) =>
      logs.push([level, ...args]);
  const turbine: FakeTurbine = {
    logs,
    logger: {
      log: log("log"),
      info: log("info"),
      debug: log("debug"),
      warn: log("warn"),
      error: log("error"),
    },
    getDataElementValue: (name) => options.dataElements?.[name],
    replaceTokens: (value) => value,
    getExtensionSettings: () => ({ ...options.extensionSettings }),
    propertySettings: { ruleComponentSequencingEnabled: false, ...options.propertySettings },
    buildInfo: { buildDate: "2025-03-26T00:00:00Z" },
  };
  const { cookies } = options;
  const require = cookies
    ? (key: string) =>
        key === "@adobe/reactor-cookie"
          ? { get: (name: string) => cookies[name] }
          : options.require?.(key)
    : options.require;
  inject(turbine, require);
  return turbine;
}
