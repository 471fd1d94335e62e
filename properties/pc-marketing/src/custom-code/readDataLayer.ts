import type { DataLayer } from "./buildDataLayer.ts";

/**
 * Reads one field of the data layer for a data element. The data layer data element builds
 * `window.digitalData` on first use, so a data element read before the data layer rule ran
 * (a rule at an earlier stage, or a page that loads the library late) still gets a value.
 */
export default function readDataLayer(
  getVar: (name: string) => unknown,
  group: "siteInfo" | "pageInfo",
  key: string,
): unknown {
  const layer = getVar("data layer") as DataLayer | undefined;
  const values = layer && (layer[group] as Record<string, unknown> | undefined);
  return values ? values[key] : undefined;
}
