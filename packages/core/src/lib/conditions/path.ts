import matchItems from "../helpers/matchItems.ts";
import type { ValueItem } from "../types.ts";

/** Core condition "Path Without Query String": `location.pathname` against any item. */
export default function path(settings: { paths?: ValueItem[] }): boolean {
  return matchItems(location.pathname, settings.paths);
}
