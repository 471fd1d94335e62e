import matchItems from "../helpers/matchItems.ts";
import type { ValueItem } from "../types.ts";

/** Core condition "Path And Query String": `pathname + search` against any item. */
export default function pathAndQuerystring(settings: { paths?: ValueItem[] }): boolean {
  return matchItems(location.pathname + location.search, settings.paths);
}
