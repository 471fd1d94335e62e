import { VERSION } from "./constants.ts";

export interface CustomerId {
  id: string;
  authState: number;
  hashType?: string;
}

/** `d_cid_ic=<code>%01<id>%01<authState>` per customer ID (reference §7). */
export function customerIdParams(ids: Record<string, CustomerId>): string {
  let out = "";
  for (const code in ids)
    out += `&d_cid_ic=${encodeURIComponent(code)}%01${encodeURIComponent(ids[code]!.id)}%01${ids[code]!.authState}`;
  return out;
}

/**
 * The `/id` URL with the 5.5.0 parameters in 5.5.0's order (reference §7):
 * `d_visid_ver, d_rtbd, d_ver, d_orgid, d_nsid[, d_mid][, d_coppa][, d_blob][, d_cid_ic…],
 * d_fieldgroup, ts`. Empty optional values are left out.
 */
export default function buildIdUrl(
  base: string,
  orgId: string,
  containerId: number,
  mid: string,
  coppa: boolean,
  blob: string,
  customerIds: Record<string, CustomerId>,
  fieldGroup: string,
): string {
  const optional = (name: string, value: string) =>
    value ? `&${name}=${encodeURIComponent(value)}` : "";
  return `${base}/id?d_visid_ver=${VERSION}&d_rtbd=json&d_ver=2&d_orgid=${encodeURIComponent(orgId)}&d_nsid=${containerId}${optional("d_mid", mid)}${coppa ? "&d_coppa=true" : ""}${optional("d_blob", blob)}${customerIdParams(customerIds)}&d_fieldgroup=${fieldGroup}&ts=${Date.now()}`;
}
