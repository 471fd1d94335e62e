import matchItems from "../helpers/matchItems.ts";
import type { ValueItem } from "../types.ts";

/** Core condition "Hash": `location.hash` (with its `#`) against any item. */
export default function hash(settings: { hashes?: ValueItem[] }): boolean {
  return matchItems(location.hash, settings.hashes);
}
