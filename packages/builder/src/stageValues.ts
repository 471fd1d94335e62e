/**
 * Per-stage values: authors write `{development, staging, production}` wherever a setting
 * differs by environment (datastream ids, hosts…); a build keeps the value of its
 * environment's stage. An object counts as per-stage when it has keys and every key is a
 * stage name, so ordinary objects are never mistaken for one.
 */
import { isPlainObject, type Stage } from "@liftoff/schema";

export const STAGES: readonly Stage[] = ["development", "staging", "production"];

export function isPerStage(value: unknown): value is Partial<Record<Stage, unknown>> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => (STAGES as readonly string[]).includes(key));
}

/** Replaces every per-stage value inside `value` with the one for `stage`. */
export function resolveStage(value: unknown, stage: Stage): unknown {
  if (isPerStage(value)) return resolveStage(value[stage], stage);
  if (Array.isArray(value)) return value.map((entry) => resolveStage(entry, stage));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) out[key] = resolveStage(entry, stage);
    return out;
  }
  return value;
}
