/**
 * Per-stage values: where a setting differs by environment (datastream ids, hosts…), authors
 * write `{development, staging, production}` and a build keeps its environment's stage. Only
 * fields whose manifest schema says so (SettingsSchema `stages`) hold one: the settings are
 * walked together with their schema, and what the schema does not describe (an imported
 * extension's settings, a free-form object) is kept as it is, since an extension may pick
 * `settings.accounts[turbine.environment.stage]` itself.
 */
import { isPlainObject, type SettingsSchema, type Stage } from "@liftoff/schema";

export const STAGES: readonly Stage[] = ["development", "staging", "production"];

/** An object with keys, all of them stage names: what a per-stage value looks like. */
export function isPerStage(value: unknown): value is Partial<Record<Stage, unknown>> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => (STAGES as readonly string[]).includes(key));
}

/**
 * `value` with the value for `stage` in place of each per-stage value at a field whose
 * `schema` declares `stages`; without a schema (opaque extensions and modules) `value` itself.
 */
export function resolveStage(
  value: unknown,
  schema: SettingsSchema | undefined,
  stage: Stage,
): unknown {
  if (!schema) return value;
  if (schema.stages && isPerStage(value)) return resolveStage(value[stage], inner(schema), stage);
  if (Array.isArray(value)) {
    const items = schema.items;
    return items ? value.map((entry) => resolveStage(entry, items, stage)) : value;
  }
  if (isPlainObject(value) && schema.properties) {
    const properties = schema.properties;
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value))
      out[key] = resolveStage(entry, properties[key], stage);
    return out;
  }
  return value;
}

/** The schema of one stage's value: the same field, holding a single value. */
export function inner(schema: SettingsSchema): SettingsSchema {
  const { stages: _stages, ...rest } = schema;
  return rest;
}
