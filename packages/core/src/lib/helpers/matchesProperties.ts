import textMatch from "./textMatch.ts";
import { toPattern } from "./matchItems.ts";

export interface ElementProperty {
  name: string;
  value?: string;
  valueIsRegex?: boolean;
}

/**
 * Core's element property filter (reference §5.1): `@text`/`innerText` read textContent;
 * otherwise the element property when it exists, else the attribute. Every item must match.
 */
export default function matchesProperties(node: unknown, properties: ElementProperty[]) {
  const element = node as Element & Record<string, unknown>;
  return properties.every(({ name, value, valueIsRegex }) => {
    const actual =
      name === "@text" || name === "innerText"
        ? element.textContent
        : name in element
          ? element[name]
          : element.getAttribute(name);
    return textMatch(actual, toPattern(value, valueIsRegex));
  });
}
