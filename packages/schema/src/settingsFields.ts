/**
 * Building blocks the extension manifests (Core, Web SDK) describe their settings fields
 * with: how the studio labels a field, and where its form puts it.
 */
import type { SettingsSchema } from "./manifest.ts";

/** A boolean field with its default. */
export const bool = (d: boolean): SettingsSchema => ({ type: "boolean", default: d });

/**
 * A field's plain label for the studio, with what it does and, where Launch's form words it
 * differently, Launch's term as a hint ("Launch: …") for people who know that one.
 */
export function label(
  schema: SettingsSchema,
  title: string,
  hint?: string,
  launch?: string,
): SettingsSchema {
  const description = [hint, launch && `Launch: ${launch}`].filter(Boolean).join(". ");
  return description ? { ...schema, title, description } : { ...schema, title };
}

/**
 * Puts a field under a collapsible heading in the studio's form; "Advanced" (options most
 * rules and properties keep at their defaults) starts closed.
 */
export const inGroup = (group: string, schema: SettingsSchema): SettingsSchema => ({
  ...schema,
  group,
});
