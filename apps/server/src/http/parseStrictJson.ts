import formatPath from "./formatPath.ts";
import type { HttpError } from "./HttpError.ts";

/** Deeper bodies are refused: nothing the API accepts nests this far, and walks stay cheap. */
export const MAX_JSON_DEPTH = 64;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lossyUtf8 = new TextDecoder("utf-8");

type Path = Array<string | number>;
type Visit = (value: unknown, path: Path) => string | undefined;

/**
 * Walks every value (and member name) without recursion, so a hostile nesting cannot blow
 * the stack; the first message `visit` returns stops the walk and names the path.
 */
function firstProblem(root: unknown, visit: Visit): { path: Path; message: string } | undefined {
  const stack: Array<{ value: unknown; path: Path }> = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    const message = visit(value, path);
    if (message) return { path, message };
    if (typeof value !== "object" || value === null) continue;
    if (path.length >= MAX_JSON_DEPTH)
      return { path, message: `nests deeper than ${MAX_JSON_DEPTH} levels` };
    const entries = Array.isArray(value)
      ? value.map((item, i) => [i, item] as const)
      : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (typeof key === "string" && key.includes("\uFFFD"))
        return { path: [...path, key], message: "is not valid UTF-8" };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/** Where a body that is not valid UTF-8 went wrong: the first string holding a replacement. */
function invalidUtf8(bytes: Uint8Array, refuse: Refuse): HttpError {
  let value: unknown;
  try {
    value = JSON.parse(lossyUtf8.decode(bytes));
  } catch {
    return refuse("body", "is not valid UTF-8");
  }
  const found = firstProblem(value, (v) =>
    typeof v === "string" && v.includes("\uFFFD") ? "is not valid UTF-8" : undefined,
  );
  return refuse(found ? formatPath(found.path) : "body", "is not valid UTF-8");
}

export type Refuse = (path: string, message: string) => HttpError;

/**
 * A JSON body parsed without silent changes: bytes that are not UTF-8 are refused (never
 * turned into U+FFFD), as are numbers JSON.parse would make ±Infinity (`1e400`, stored as
 * null later) and nesting past MAX_JSON_DEPTH. `refuse` builds the caller's problem, naming
 * the path (`rule.settings.n`).
 */
export default function parseStrictJson(bytes: Uint8Array, refuse: Refuse): unknown {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw invalidUtf8(bytes, refuse);
  }
  if (text.trim() === "") throw refuse("body", "is empty; expected JSON");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw refuse("body", `is not valid JSON (${(error as Error).message})`);
  }
  const found = firstProblem(value, (v) =>
    typeof v === "number" && !Number.isFinite(v) ? "is a number out of range" : undefined,
  );
  if (found) throw refuse(formatPath(found.path), found.message);
  return value;
}
