/**
 * Per-stage values: where a setting differs by environment (datastream ids, hosts…), authors
 * write `{development, staging, production}` and a build keeps its environment's stage. Only
 * fields whose manifest schema says so (SettingsSchema `stages`) hold one: the settings are
 * walked together with their schema, and what the schema does not describe (an imported
 * extension's settings, a free-form object) is kept as it is, since an extension may pick
 * `settings.accounts[turbine.environment.stage]` itself.
 */
import {
  isPerStage,
  isPlainObject,
  stageSchema,
  type SettingsSchema,
  type Stage,
} from "@liftoff/schema";

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
  if (schema.stages && isPerStage(value))
    return resolveStage(value[stage], stageSchema(schema), stage);
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
