import { env } from "../env.ts";

/**
 * Core data element "DOM Attribute": from the first element matching `elementSelector`,
 * `text` (innerText, else textContent), else the element property, else the attribute.
 */
export default function domAttribute(settings: {
  elementSelector?: string;
  elementProperty?: string;
}): unknown {
  const { elementSelector, elementProperty } = settings;
  if (typeof elementSelector !== "string")
    throw new Error("settings.elementSelector must be a string.");
  let element: (HTMLElement & Record<string, unknown>) | null;
  try {
    element = document.querySelector(elementSelector);
  } catch {
    env.turbine.logger.warn(`Matching element failed. ${elementSelector} is not a valid selector.`);
    return undefined;
  }
  if (!element || !elementProperty) return undefined;
  if (elementProperty === "text") return element.innerText ?? element.textContent;
  return elementProperty in element
    ? element[elementProperty]
    : element.getAttribute(elementProperty);
}
