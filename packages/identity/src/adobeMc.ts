/**
 * The `adobe_mc` query parameter that carries IDs across domains (reference §7):
 * `adobe_mc=MCMID%3D…%7CMCORGID%3D<org, itself URL-encoded>%7CTS%3D<unix s>`, plus `MCAID`
 * when known; the supplemental data ID travels the same way in `adobe_mc_sdid`.
 */
export function buildAdobeMc(
  values: Record<string, string | undefined>,
  name = "adobe_mc",
): string {
  let inner = "";
  for (const key in values) {
    const value = values[key];
    if (value) inner += `${inner ? "|" : ""}${key}=${encodeURIComponent(value)}`;
  }
  return `${name}=${encodeURIComponent(inner)}`;
}

/** Adds a `name=value` pair to a URL, before any `#fragment`. */
export function appendParam(url: string, pair: string): string {
  const hashAt = url.indexOf("#");
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? "" : url.slice(hashAt);
  return `${base}${base.includes("?") ? "&" : "?"}${pair}${fragment}`;
}

/**
 * Reads `adobe_mc` from a query string. Values are returned only when `MCORGID` is this
 * org and `TS` is no older than `ttlSeconds` (5 minutes for IDs, `sdidParamExpiry` for
 * the SDID), so a bookmarked or shared link cannot plant an ID later.
 */
export function readAdobeMc(
  search: string,
  orgId: string,
  now: number,
  ttlSeconds: number,
  name = "adobe_mc",
): Record<string, string> | undefined {
  const raw = new URLSearchParams(search).get(name);
  if (!raw) return undefined;
  const values: Record<string, string> = {};
  for (const pair of raw.split("|")) {
    const at = pair.indexOf("=");
    if (at > 0)
      try {
        values[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
      } catch {
        return undefined;
      }
  }
  const ts = Number(values.TS);
  return values.MCORGID === orgId && ts <= now + 60 && now - ts <= ttlSeconds ? values : undefined;
}
