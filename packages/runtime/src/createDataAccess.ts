import callModule from "./callModule.ts";
import cleanText from "./cleanText.ts";
import createDataElementStorage from "./dataElementStorage.ts";
import errorText from "./errorText.ts";
import getObjectProperty from "./getObjectProperty.ts";
import { PREVIEW_BUILD } from "./preview/isPreviewBuild.ts";
import type { DataElementSource } from "./preview/TraceHooks.ts";
import type { Runtime, SyntheticEvent } from "./types.ts";

export interface DataAccess {
  getDataElementValue: (name: string, event?: SyntheticEvent) => unknown;
  getVar: (name: string, event?: SyntheticEvent) => unknown;
  setVar: (nameOrMap: string | Record<string, unknown>, value?: unknown) => void;
  replaceTokens: <T>(thing: T, event?: SyntheticEvent) => T;
}

/**
 * Data elements, custom variables and `%token%` replacement (reference §3.4). Values are
 * computed on every call; `storageDuration` is a fallback for null values, not a cache.
 */
export default function createDataAccess(rt: Runtime): DataAccess {
  const { container_: container, logger_: logger } = rt;
  const definitions = container.dataElements || {};
  const emptyForUndefined = !!rt.settings_.undefinedVarsReturnEmpty;
  // No prototype, so `%toString%` is not mistaken for a custom variable.
  const customVars: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const storage = createDataElementStorage();
  // Names being resolved right now; past 10 deep a data element refers back to itself.
  const resolving: string[] = [];

  const getDataElementValue = (name: string, event?: SyntheticEvent): unknown => {
    const def = definitions[name];
    if (!def) return emptyForUndefined ? "" : undefined;
    let value: unknown;
    try {
      value = callModule(rt, def, event, event);
    } catch (error) {
      return logger.error(
        `Failed to execute data element module ${def.modulePath} for data element ${name}. ${errorText(error)}`,
      );
    }
    const duration = def.storageDuration;
    // Preview builds report where the value came from.
    let source: DataElementSource = "computed";
    if (duration) {
      if (value != null) storage.set_(name, duration, value);
      else {
        value = storage.get_(name, duration);
        if (PREVIEW_BUILD && value != null) source = "stored";
      }
    }
    if (value == null && def.defaultValue != null) {
      value = def.defaultValue;
      if (PREVIEW_BUILD) source = "default";
    }
    if (typeof value === "string") {
      if (def.cleanText) value = cleanText(value);
      if (def.forceLowerCase) value = (value as string).toLowerCase();
    }
    if (PREVIEW_BUILD) rt.previewTrace?.dataElement(name, value, source, duration);
    return value;
  };

  // Returned by lookup for names that are no variable at all (cheaper than wrapping values).
  const NOT_A_VARIABLE = {};

  /** A variable's value, or NOT_A_VARIABLE when `name` names no variable. */
  const lookup = (name: string, event?: SyntheticEvent): unknown => {
    // An exact data element name wins: names may contain dots.
    if (definitions[name]) return getDataElementValue(name, event);
    const chain = name.split(".");
    const root = chain.shift()!;
    if (root === "this") return event && getObjectProperty(event.element, chain, true);
    if (root === "event") return event && getObjectProperty(event, chain);
    if (root === "target") return event && getObjectProperty(event.target, chain);
    return root in customVars ? getObjectProperty(customVars[root], chain) : NOT_A_VARIABLE;
  };

  const getVar = (name: string, event?: SyntheticEvent): unknown => {
    const value = lookup(name, event);
    return value === NOT_A_VARIABLE ? undefined : value;
  };

  const valueOf = (token: string, name: string, event?: SyntheticEvent): unknown => {
    resolving.push(name);
    const value = lookup(name, event);
    resolving.pop();
    // Unknown names stay as written, so literal percent signs survive (reference §8.8).
    if (value === NOT_A_VARIABLE) return token;
    return value == null && emptyForUndefined ? "" : value;
  };

  const replace = (thing: unknown, event?: SyntheticEvent): unknown => {
    // Most settings strings carry no token: skip the regular expressions for them.
    if (typeof thing === "string") {
      const first = thing.indexOf("%");
      const end = thing.length - 1;
      if (first < 0) return thing;
      // A string that is exactly one token keeps the value's type (`%count%` → 42).
      // ("%%" reaches valueOf with an empty name, which is no variable, so it stays as it is.)
      if (!first && thing.indexOf("%", 1) === end)
        return valueOf(thing, thing.slice(1, end), event);
      return thing.replace(/%(.+?)%/g, (token, name: string) =>
        String(valueOf(token, name, event)),
      );
    }
    if (Array.isArray(thing)) return thing.map((item) => replace(item, event));
    if (thing && typeof thing === "object") {
      const copy: Record<string, unknown> = {};
      // Settings are plain JSON objects: for-in sees exactly their keys, without an array.
      for (const key in thing) {
        const value = (thing as Record<string, unknown>)[key];
        // Strings without a percent sign, most settings values, are copied without a call.
        copy[key] =
          typeof value === "string" && !value.includes("%") ? value : replace(value, event);
      }
      return copy;
    }
    return thing;
  };

  function replaceTokens<T>(thing: T, event?: SyntheticEvent): T {
    if (resolving.length > 10) {
      logger.error(`Data element circular reference detected: ${resolving.join(" -> ")}`);
      return thing;
    }
    return replace(thing, event) as T;
  }

  const setVar = (nameOrMap: string | Record<string, unknown>, value?: unknown) => {
    if (typeof nameOrMap === "string") customVars[nameOrMap] = value;
    else if (nameOrMap) Object.assign(customVars, nameOrMap);
  };

  return { getDataElementValue, getVar, setVar, replaceTokens };
}
