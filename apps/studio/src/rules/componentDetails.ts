import type { ModuleManifest } from "@liftoff/schema";

const MAX = 80;

const clip = (text: string) => (text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text);

/** A setting's value in a few words: text as is, `[{value}]` lists joined, numbers as numbers. */
function shortValue(value: unknown): string | undefined {
  if (typeof value === "string") return value.split("\n")[0]!.trim() || undefined;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    const parts = value
      .map((item) =>
        item && typeof item === "object" && "value" in item
          ? shortValue((item as { value: unknown }).value)
          : shortValue(item),
      )
      .filter((part): part is string => part !== undefined);
    return parts.length ? parts.join(", ") : undefined;
  }
  return undefined;
}

/** Settings whose value says most about a component, looked at first. */
const KEY_SETTINGS = [
  "elementSelector",
  "type",
  "dataElementName",
  "dataElementCacheId",
  "name",
  "path",
  "source",
];

/**
 * What a component's key settings are, in a few words: "on a.download" for an event on
 * elements, "/ms/, /auto" for a path condition; undefined when nothing is set.
 */
export function componentDetails(
  module: ModuleManifest | undefined,
  settings: Record<string, unknown> | undefined,
): string | undefined {
  const values = settings ?? {};
  const selector = shortValue(values.elementSelector);
  const keys = [
    ...KEY_SETTINGS.filter((key) => key in values && key !== "elementSelector"),
    ...Object.keys(module?.settings.properties ?? values).filter(
      (key) => !KEY_SETTINGS.includes(key),
    ),
  ];
  const parts = keys
    .map((key) => shortValue(values[key]))
    .filter((part): part is string => part !== undefined)
    .slice(0, 2);
  if (selector) return clip(`on ${[selector, ...parts].join(" · ")}`);
  return parts.length ? clip(parts.join(" · ")) : undefined;
}
