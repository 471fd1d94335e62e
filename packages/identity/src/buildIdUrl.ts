import { VERSION } from "./constants.ts";

export interface CustomerId {
  id: string;
  authState: number;
  hashType?: string;
}

export interface IdCall {
  base: string;
  orgId: string;
  containerId: number;
  fieldGroup: "MC" | "AAM";
  mid?: string;
  blob?: string;
  coppa: boolean;
  customerIds: Record<string, CustomerId>;
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
 * `d_visid_ver, d_rtbd, d_ver, d_orgid, d_nsid[, d_mid][, d_coppa][, d_blob]
 * [, d_cid_ic…], d_fieldgroup, ts`.
 */
export default function buildIdUrl(call: IdCall): string {
  let url = `${call.base}/id?d_visid_ver=${VERSION}&d_rtbd=json&d_ver=2&d_orgid=${encodeURIComponent(call.orgId)}&d_nsid=${call.containerId}`;
  if (call.mid) url += `&d_mid=${encodeURIComponent(call.mid)}`;
  if (call.coppa) url += "&d_coppa=true";
  if (call.blob) url += `&d_blob=${encodeURIComponent(call.blob)}`;
  return `${url}${customerIdParams(call.customerIds)}&d_fieldgroup=${call.fieldGroup}&ts=${Date.now()}`;
}
