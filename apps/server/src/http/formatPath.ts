/**
 * A field path as every problem names it: members joined with dots, list items in brackets
 * (`rule.events[0].id`). No segments names the whole part (`root`, by default the body).
 */
export default function formatPath(
  segments: ReadonlyArray<string | number>,
  root = "body",
): string {
  let path = "";
  for (const segment of segments)
    path += typeof segment === "number" ? `[${segment}]` : path === "" ? segment : `.${segment}`;
  return path === "" ? root : path;
}
