/**
 * Reads a path such as `arc.event.xdm.web.webPageDetails.URL` or `arc.event.data.items[0].sku`
 * (the path data element's syntax, as Launch's Event Forwarding writes it): `arc`, then `.name`
 * and `[n]` steps. Only own properties are followed, so a path cannot reach `constructor` or
 * `__proto__` of what it reads.
 */
import type { ForwardingArc } from "@liftoff/schema";
import { EngineError } from "./EngineError.ts";

const STEP = /\.([^.[\]]+)|\[(\d+)\]/gy;
const parsed = new Map<string, Array<string | number>>();

/** The steps after `arc`, or an EngineError naming the path. */
export function parseArcPath(path: string): Array<string | number> {
  const known = parsed.get(path);
  if (known) return known;
  if (!path.startsWith("arc"))
    throw new EngineError(`the path ${JSON.stringify(path)} does not start at arc`);
  const steps: Array<string | number> = [];
  STEP.lastIndex = 3;
  while (STEP.lastIndex < path.length) {
    const match = STEP.exec(path);
    if (!match)
      throw new EngineError(
        `the path ${JSON.stringify(path)} is not made of .name and [n] steps after arc`,
      );
    steps.push(match[1] ?? Number(match[2]));
  }
  // Paths come from rulesets, a bounded set; the cap keeps a bad caller from growing it.
  if (parsed.size < 10_000) parsed.set(path, steps);
  return steps;
}

/** The value at `path` in `arc`, or undefined where a step finds nothing. */
export function readArcPath(arc: ForwardingArc, path: string): unknown {
  let value: unknown = arc;
  for (const step of parseArcPath(path)) {
    if (value === null || typeof value !== "object") return undefined;
    if (!Object.prototype.hasOwnProperty.call(value, step)) return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}
