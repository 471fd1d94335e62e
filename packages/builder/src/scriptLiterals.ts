/**
 * Values read out of JavaScript text without running it: a Launch library's container
 * literal (readLibraryFile.ts) and the code an `RC…-source.js` file registers
 * (importFolder.ts). Those files come from whoever imports a property, and running them in
 * the server, even in node:vm, would let them reach the server process (vm is not a
 * security boundary). acorn parses them; only literal forms become values: objects, arrays,
 * strings, numbers, booleans, null, the minifier's `!0`, `!1` and `void 0`, template strings
 * without substitutions, `+` of two such values, and functions, which are kept as their
 * source text. Anything else is refused, naming where it is.
 */
import { parse, type Node } from "acorn";

/** A function found in a literal, as its source text. */
export class FunctionSource {
  constructor(readonly code: string) {}
}

/** acorn's ESTree nodes, as far as this file looks at them. */
export type ScriptNode = Node & Record<string, unknown>;
type AnyNode = ScriptNode;

/** Parses a classic script; a syntax error names its line and column. */
export function parseScript(text: string, what: string): AnyNode {
  try {
    return parse(text, {
      ecmaVersion: "latest",
      sourceType: "script",
      allowHashBang: true,
      allowReturnOutsideFunction: true,
      locations: true,
    }) as unknown as AnyNode;
  } catch (error) {
    throw new Error(`${what} is not valid JavaScript: ${(error as Error).message}`);
  }
}

/** The first node, in source order, for which `test` holds. */
export function findNode(root: AnyNode, test: (node: AnyNode) => boolean): AnyNode | undefined {
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (test(node)) return node;
    const children: AnyNode[] = [];
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) children.push(item);
      } else if (isNode(value)) children.push(value);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return undefined;
}

const isNode = (value: unknown): value is AnyNode =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** `name`, or `window.name`, as an expression. */
function isGlobal(node: unknown, name: string): boolean {
  if (!isNode(node)) return false;
  if (node.type === "Identifier") return node.name === name;
  return (
    node.type === "MemberExpression" &&
    !node.computed &&
    isGlobal(node.object, "window") &&
    (node.property as AnyNode).name === name
  );
}

/** `_satellite.name` or `window._satellite.name` (also with `["name"]`). */
export function isSatelliteMember(node: unknown, name: string): boolean {
  if (!isNode(node) || node.type !== "MemberExpression") return false;
  const property = node.property as AnyNode;
  const key = node.computed
    ? property.type === "Literal"
      ? property.value
      : undefined
    : property.name;
  return key === name && isGlobal(node.object, "_satellite");
}

/** The name of a property key, when it is not computed. */
function keyName(node: AnyNode, computed: unknown): string | undefined {
  if (computed) return undefined;
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "Literal") return String(node.value);
  return undefined;
}

class UnsupportedLiteral extends Error {}

function refuse(node: AnyNode, what: string): never {
  const at = (node.loc as { start: { line: number; column: number } } | undefined)?.start;
  throw new UnsupportedLiteral(
    `${what} at line ${at?.line ?? "?"}, column ${(at?.column ?? -1) + 1} is not a literal value`,
  );
}

/** The value of a literal expression; see the file's comment for the forms it takes. */
export function literalValue(node: AnyNode, text: string): unknown {
  switch (node.type) {
    case "Literal":
      if ((node as { regex?: unknown }).regex || typeof node.value === "bigint")
        refuse(node, "a regular expression or bigint");
      return node.value;
    case "TemplateLiteral": {
      const quasis = node.quasis as AnyNode[];
      if ((node.expressions as unknown[]).length) refuse(node, "a template with substitutions");
      return (quasis[0]!.value as { cooked: string }).cooked;
    }
    case "Identifier":
      if (node.name === "undefined") return undefined;
      return refuse(node, `the name ${String(node.name)}`);
    case "UnaryExpression":
      return unaryValue(node, text);
    case "BinaryExpression": {
      if (node.operator !== "+") refuse(node, `the operator ${String(node.operator)}`);
      const left = literalValue(node.left as AnyNode, text);
      const right = literalValue(node.right as AnyNode, text);
      const plain = (v: unknown) => typeof v === "string" || typeof v === "number";
      if (!plain(left) || !plain(right)) refuse(node, "a + of non-strings");
      return (left as string) + (right as string);
    }
    case "FunctionExpression":
    case "ArrowFunctionExpression":
      return new FunctionSource(text.slice(node.start, node.end));
    case "ArrayExpression":
      return (node.elements as Array<AnyNode | null>).map((element) => {
        if (element === null) return undefined;
        if (element.type === "SpreadElement") refuse(element, "a spread");
        return literalValue(element, text);
      });
    case "ObjectExpression":
      return objectValue(node, text);
    default:
      return refuse(node, `a ${node.type}`);
  }
}

function unaryValue(node: AnyNode, text: string): unknown {
  const argument = node.argument as AnyNode;
  if (node.operator === "void") {
    if (argument.type !== "Literal") refuse(node, "void of an expression");
    return undefined;
  }
  const value = literalValue(argument, text);
  if (node.operator === "!") return !value;
  if ((node.operator === "-" || node.operator === "+") && typeof value === "number")
    return node.operator === "-" ? -value : value;
  return refuse(node, `the operator ${String(node.operator)}`);
}

function objectValue(node: AnyNode, text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const property of node.properties as AnyNode[]) {
    if (property.type !== "Property" || property.kind !== "init")
      refuse(property, "a spread, getter or setter");
    const key = keyName(property.key as AnyNode, property.computed);
    if (key === undefined) refuse(property, "a computed key");
    // A method (`script(module) {…}`) is kept as written, name included, as toString gives it.
    const value = property.method
      ? new FunctionSource(text.slice(property.start, property.end))
      : literalValue(property.value as AnyNode, text);
    // Defined, not assigned: a "__proto__" key stays a key, as JSON.parse keeps it.
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

export const isUnsupportedLiteral = (error: unknown) => error instanceof UnsupportedLiteral;
