/**
 * The container object inside a built Launch library (`launch-*.js`). Such a file is
 * JavaScript, and the container holds functions, so it cannot be read as JSON. It is run in
 * a node:vm context that has no globals but a `window` whose `_satellite.container` setter
 * captures the value and stops the script at once: the container literal is evaluated, the
 * engine after it never runs. A timeout bounds anything a hostile file does before that.
 * (node:vm is not a security boundary; it keeps the evaluation away from Node's globals.)
 */
import { createContext, Script } from "node:vm";
import { isPlainObject } from "@liftoff/schema";

/** A function found in the container, as its source text. */
export class FunctionSource {
  constructor(readonly code: string) {}
}

const TIMEOUT_MS = 1000;

/** Copies a value out of the vm realm; functions become FunctionSource, cycles are cut. */
export function toPlain(value: unknown, seen: Set<unknown>): unknown {
  if (typeof value === "function")
    return new FunctionSource(Function.prototype.toString.call(value));
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return undefined;
  seen.add(value);
  if (Array.isArray(value)) return value.map((entry) => toPlain(entry, seen));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    out[key] = toPlain((value as Record<string, unknown>)[key], seen);
  seen.delete(value);
  return out;
}

export default function readLibraryFile(text: string): Record<string, unknown> {
  const stop = new Error("container captured");
  let captured: unknown;
  let found = false;
  const satellite = {};
  Object.defineProperty(satellite, "container", {
    set(value: unknown) {
      captured = value;
      found = true;
      throw stop;
    },
    get: () => undefined,
  });
  const context = createContext(
    { window: { _satellite: satellite } },
    { codeGeneration: { strings: false, wasm: false } },
  );
  let script: Script;
  try {
    script = new Script(text, { filename: "launch-library.js" });
  } catch (error) {
    throw new Error(`The library file is not valid JavaScript: ${(error as Error).message}`);
  }
  try {
    script.runInContext(context, { timeout: TIMEOUT_MS });
  } catch (error) {
    if (error !== stop && !found)
      throw new Error(
        `The library file failed before it set window._satellite.container: ${(error as Error)?.message ?? String(error)}`,
      );
  }
  if (!found)
    throw new Error(
      "No window._satellite.container assignment found: is this a Launch library file?",
    );
  const container = toPlain(captured, new Set());
  if (!isPlainObject(container)) throw new Error("window._satellite.container is not an object.");
  return container;
}
