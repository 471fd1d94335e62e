/**
 * The data elements of one event: each computed at most once (a rule's conditions and actions
 * and other rules read the same value), with its default, clean-text and lower-case options as
 * on the page (packages/runtime/src/createDataAccess.ts). A chain of tokens that comes back to
 * where it started, or a data element that fails, is an EngineError naming it; the failure is
 * remembered too, so every reader gets the same answer.
 */
import type { ForwardingArc, ForwardingRuleset } from "@liftoff/schema";
import { SECRET_OPEN } from "@liftoff/schema";
import { dataElementModules } from "./dataElements.ts";
import { EngineError, faultText } from "./EngineError.ts";
import type { ReadDataElement } from "./tokens.ts";

type Memo = { value: unknown } | { error: EngineError };

export function createDataElementReader(
  ruleset: ForwardingRuleset,
  arc: ForwardingArc,
): ReadDataElement {
  const memo = new Map<string, Memo>();
  const reading: string[] = [];

  const compute = (name: string): unknown => {
    const element = ruleset.dataElements[name]!;
    const module = dataElementModules[element.modulePath];
    if (!module)
      throw new EngineError(`data element "${name}": unknown module ${element.modulePath}`, true);
    let value: unknown;
    try {
      value = module.run(element.settings ?? {}, arc, read);
    } catch (error) {
      // The innermost failing data element names itself; outer ones pass it on.
      if (error instanceof EngineError && error.located) throw error;
      throw new EngineError(`data element "${name}" (${module.label}): ${faultText(error)}`, true);
    }
    if ((value === undefined || value === null) && element.defaultValue != null)
      value = element.defaultValue;
    // A secret's placeholder holds its name: changing its case would name another secret.
    if (typeof value === "string" && !value.includes(SECRET_OPEN)) {
      if (element.cleanText) value = value.replace(/\s+/g, " ").trim();
      if (element.forceLowerCase) value = (value as string).toLowerCase();
    }
    return value;
  };

  function read(name: string): unknown {
    const known = memo.get(name);
    if (known) {
      if ("error" in known) throw known.error;
      return known.value;
    }
    if (!Object.prototype.hasOwnProperty.call(ruleset.dataElements, name)) return undefined;
    const at = reading.indexOf(name);
    if (at >= 0)
      throw new EngineError(
        `circular data element reference: ${[...reading.slice(at), name].map((n) => `{{${n}}}`).join(" → ")}`,
        true,
      );
    reading.push(name);
    try {
      const value = compute(name);
      memo.set(name, { value });
      return value;
    } catch (error) {
      const fault = error instanceof EngineError ? error : new EngineError(faultText(error));
      memo.set(name, { error: fault });
      throw fault;
    } finally {
      reading.pop();
    }
  }
  return read;
}
