/**
 * The container object inside a built Launch library (`launch-*.js`). Such a file is
 * JavaScript, and the container holds functions, so it cannot be read as JSON. It is parsed,
 * never run (scriptLiterals.ts): the first `window._satellite.container = {…}` assignment's
 * object literal becomes the value, each function in it its source text.
 */
import { isPlainObject } from "@liftoff/schema";
import {
  findNode,
  FunctionSource,
  isSatelliteMember,
  isUnsupportedLiteral,
  literalValue,
  parseScript,
  type ScriptNode,
} from "./scriptLiterals.ts";

export { FunctionSource };

/** Copies a value built in JavaScript; functions become FunctionSource, cycles are cut. */
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
  const program = parseScript(text, "The library file");
  const assignment = findNode(
    program,
    (node) =>
      node.type === "AssignmentExpression" &&
      node.operator === "=" &&
      isSatelliteMember(node.left, "container"),
  );
  if (!assignment)
    throw new Error(
      "No window._satellite.container assignment found: is this a Launch library file?",
    );
  let container: unknown;
  try {
    container = literalValue(assignment.right as ScriptNode, text);
  } catch (error) {
    if (!isUnsupportedLiteral(error)) throw error;
    throw new Error(`window._satellite.container: ${error.message}`);
  }
  if (!isPlainObject(container)) throw new Error("window._satellite.container is not an object.");
  return container;
}
