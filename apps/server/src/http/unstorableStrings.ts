import formatPath from "./formatPath.ts";
import type { FieldError } from "./HttpError.ts";

/** At most this many fields are named in one refusal: a body of a million NULs gets 10. */
export const MAX_LISTED = 10;

export const UNSTORABLE_MESSAGE =
  "expected a string without NUL (U+0000) or a lone surrogate (U+D800–U+DFFF)";

/**
 * U+0000, or a UTF-16 surrogate half without its partner: text no store can keep as sent.
 * PostgreSQL's TEXT and JSONB refuse U+0000 (a 500 at insert, where SQLite stored it), and a
 * lone surrogate has no UTF-8 form (drivers write U+FFFD in its place, silently).
 */
export const unstorable = (text: string): boolean =>
  text.includes("\u0000") || !text.isWellFormed();

/** A value met in the walk and how it was reached, so a path is only built for a problem. */
interface Node {
  value: unknown;
  parent: Node | undefined;
  key: string | number | undefined;
  /** A member name that breaks the rule, reported when its turn comes (document order). */
  badName?: string;
}

const needsNode = (value: unknown) =>
  typeof value === "string" ? unstorable(value) : typeof value === "object" && value !== null;

function segmentsOf(node: Node): Array<string | number> {
  const segments: Array<string | number> = [];
  for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) segments.push(n.key);
  return segments.reverse();
}

/**
 * The first MAX_LISTED strings and member names in `root` that hold U+0000 or a lone
 * surrogate, each with its path (`rule.settings.a[2]`; `rootName` for `root` itself). The
 * walk keeps its own stack instead of recursing, so no nesting overflows it, and visits each
 * value once: linear in the size of the value, megabyte imports included.
 */
export default function unstorableStrings(root: unknown, rootName: string): FieldError[] {
  const found: FieldError[] = [];
  const stack: Node[] = [{ value: root, parent: undefined, key: undefined }];
  while (stack.length > 0 && found.length < MAX_LISTED) {
    const node = stack.pop()!;
    const { value } = node;
    if (node.badName !== undefined) {
      // The name itself cannot be a readable path segment: name its object, quote the name.
      found.push({
        path: formatPath(segmentsOf(node.parent!), rootName),
        message: `member name ${JSON.stringify(node.badName.slice(0, 40))}: ${UNSTORABLE_MESSAGE}`,
      });
      continue;
    }
    if (typeof value === "string") {
      if (unstorable(value))
        found.push({ path: formatPath(segmentsOf(node), rootName), message: UNSTORABLE_MESSAGE });
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    // Children pushed last to first, so problems are listed in document order. Only what
    // needs a look gets a node: containers and strings that break the rule.
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const item: unknown = value[i];
        if (needsNode(item)) stack.push({ value: item, parent: node, key: i });
      }
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const item = (value as Record<string, unknown>)[key];
      if (unstorable(key)) stack.push({ value: undefined, parent: node, key, badName: key });
      else if (needsNode(item)) stack.push({ value: item, parent: node, key });
    }
  }
  return found.slice(0, MAX_LISTED);
}
