import type { JsonSettings, ModuleManifest, SettingsSchema } from "@liftoff/schema";

export type FieldType =
  "string" | "number" | "boolean" | "object" | "array" | "enum" | "json" | "any";

/** What kind of control a schema node gets; nullable unions (`["string","null"]`) count as their first type. */
export function schemaType(schema: SettingsSchema): FieldType {
  if (schema.enum && schema.enum.length > 0) return "enum";
  if (schema.format === "json") return "json";
  const declared = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (declared) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "array":
      return "array";
    case "object":
      return schema.properties ? "object" : "json";
  }
  if (schema.properties) return "object";
  if (schema.items) return "array";
  // No type at all (`xdm`, `leftOperand`): usually a `%data element%` token, sometimes JSON.
  return schema.type === undefined ? "any" : "json";
}

/** `edgeConfigId` → `Edge config id`, `cookie_name` → `Cookie name`. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A fresh value for a new array item or an absent object. */
export function emptyValue(schema: SettingsSchema): unknown {
  if (schema.default !== undefined) return structuredClone(schema.default);
  switch (schemaType(schema)) {
    case "object": {
      // A new item starts with its fields' defaults (e.g. a Web SDK instance named "alloy").
      const filled: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {}))
        if (child.default !== undefined) filled[key] = structuredClone(child.default);
      return filled;
    }
    case "array":
      return [];
    case "boolean":
      return false;
    case "string":
      return "";
    default:
      return undefined;
  }
}

/** The settings a module starts with when it is picked: its schema's defaults. */
export function initialSettings(module: Pick<ModuleManifest, "settings">): JsonSettings {
  const value = emptyValue({
    ...module.settings,
    type: "object",
    properties: module.settings.properties ?? {},
  });
  return (value ?? {}) as JsonSettings;
}

/**
 * What one entry of a list is called: the items' own `title`, else the list's name in the
 * singular when it is a short plural ("Paths" → "Path", "Landing pages" → "Landing page"),
 * else the list's name.
 */
export function itemLabel(items: SettingsSchema, label: string): string {
  if (items.title) return items.title;
  const words = label.trim().split(/\s+/);
  if (words.length > 3) return label;
  const last = words.pop()!;
  const singular = last.replace(/ies$/, "y").replace(/([^s])s$/, "$1");
  return [...words, singular].join(" ");
}
