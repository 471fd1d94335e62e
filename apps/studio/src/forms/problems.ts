/** A message tied to a place: PropertyProblem and problem+json field errors both fit. */
export interface PathMessage {
  path: string;
  message: string;
}

/**
 * The problems under `prefix` (e.g. `dataElements[2].settings`), with the prefix removed so a
 * form can match them against its own field paths. `prefix` itself maps to the path "".
 */
export function problemsUnder(problems: readonly PathMessage[], prefix: string): PathMessage[] {
  const out: PathMessage[] = [];
  for (const p of problems) {
    if (prefix === "") out.push(p);
    else if (p.path === prefix) out.push({ path: "", message: p.message });
    else if (p.path.startsWith(prefix + ".") || p.path.startsWith(prefix + "["))
      out.push({
        path: p.path.slice(prefix.length + (p.path[prefix.length] === "." ? 1 : 0)),
        message: p.message,
      });
  }
  return out;
}

/** Joins a child key onto a path as the server's problems name it: `a.b`, `a[0]`. */
export { joinPath as childPath } from "@liftoff/schema";

/** Problems that name exactly `path`. */
export function problemsAt(problems: readonly PathMessage[], path: string): string[] {
  return problems.filter((p) => p.path === path).map((p) => p.message);
}
