/**
 * Per-stage values: where a setting differs by environment (datastream ids, hosts…), authors
 * write `{development, staging, production}` and a build keeps its environment's stage. Only
 * fields whose manifest schema declares `stages` hold one.
 */
import type { Stage } from "./container.ts";
import { isPlainObject } from "./fields.ts";
import type { SettingsSchema } from "./manifest.ts";

export const STAGES: readonly Stage[] = ["development", "staging", "production"];

/** An object with keys, all of them stage names: what a per-stage value looks like. */
export function isPerStage(value: unknown): value is Partial<Record<Stage, unknown>> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => (STAGES as readonly string[]).includes(key));
}

/** The schema of one stage's value: the same field, holding a single value. */
export function stageSchema(schema: SettingsSchema): SettingsSchema {
  const { stages: _stages, ...rest } = schema;
  return rest;
}
