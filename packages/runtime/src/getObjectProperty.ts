import cleanText from "./cleanText.ts";

/**
 * Walks a property chain such as `["dataset", "id"]` or `["getAttribute(href)"]`. With
 * `special`, `@text` and `@cleanText` read an element's text (the `%this.@text%` tokens).
 */
export default function getObjectProperty(
  host: unknown,
  chain: string[],
  special?: boolean,
): unknown {
  let value = host as Record<string, unknown> | null | undefined;
  for (const prop of chain) {
    if (value == null) return undefined;
    const text = () => (value as unknown as Node).textContent;
    let attr: RegExpMatchArray | null;
    if (special && prop === "@text") value = text() as never;
    else if (special && prop === "@cleanText") value = cleanText(text() ?? "") as never;
    else if (
      typeof value.getAttribute === "function" &&
      (attr = /^getAttribute\((.+)\)$/.exec(prop))
    ) {
      value = (value as unknown as Element).getAttribute(attr[1]!) as never;
    } else value = value[prop] as never;
  }
  return value;
}
