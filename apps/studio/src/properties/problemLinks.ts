import type { PropertyDocument } from "@liftoff/schema";

/**
 * Where to fix a validation problem: `rules[3]…` → that rule's editor, `dataElements[1]…` →
 * that data element, `extensions[…]` → the extensions page, the reporting mapping
 * (`property.settings.reporting…`) → its part of the settings, anything else → settings.
 * Paths are relative to the property's pages (`rules/RL1`).
 */
export function problemLink(doc: PropertyDocument, path: string): string {
  const match = /^(rules|dataElements|extensions)\[(\d+)\]/.exec(path);
  if (/^property\.settings\.reporting(?:[.[]|$)/.test(path)) return "settings#reporting";
  if (!match) return "settings";
  const index = Number(match[2]);
  if (match[1] === "rules") {
    const rule = doc.rules[index];
    return rule ? `rules/${encodeURIComponent(rule.id)}` : "rules";
  }
  if (match[1] === "dataElements") {
    const element = doc.dataElements[index];
    return element ? `data-elements/${encodeURIComponent(element.id)}` : "data-elements";
  }
  return "extensions";
}
