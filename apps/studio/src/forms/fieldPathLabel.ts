import { humanize } from "./schemaType.ts";

/** The members and list positions of a path as the builder and the API write it (`a.b[2].c`). */
export function pathSegments(path: string): Array<string | number> {
  const out: Array<string | number> = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    out.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
  return out;
}

/**
 * A field path in words, for a problem no form field shows: `rule.conditions[0].timeout` →
 * "Rule › Conditions 1 › Timeout". People never see the raw path.
 */
export function fieldPathLabel(path: string): string {
  const words: string[] = [];
  for (const segment of pathSegments(path)) {
    if (typeof segment === "number") words[words.length - 1] += ` ${segment + 1}`;
    else words.push(humanize(segment));
  }
  return words.join(" › ") || "Request";
}
