/** A short description of an element: `a#quote.cta "Get a quote"` (text cut at 40 characters). */
export default function describeElement(element: unknown): string | undefined {
  if (typeof Element === "undefined" || !(element instanceof Element)) return undefined;
  const id = element.id ? `#${element.id}` : "";
  const classes = [...element.classList].map((name) => `.${name}`).join("");
  const text = (element.textContent || "").replace(/\s+/g, " ").trim();
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `${element.tagName.toLowerCase()}${id}${classes}${shown ? ` "${shown}"` : ""}`;
}
