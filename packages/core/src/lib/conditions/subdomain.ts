import matchItems from "../helpers/matchItems.ts";
import type { ValueItem } from "../types.ts";

/** Core condition "Subdomain": the full hostname against any item. */
export default function subdomain(settings: { subdomains?: ValueItem[] }): boolean {
  return matchItems(location.hostname, settings.subdomains);
}
