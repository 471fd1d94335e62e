/** `kndctr_<orgId with its first @ as _>_<key>`, as alloy names its cookies (§3.4). */
export default function cookieName(orgId: string, key: "identity" | "consent" | "cluster"): string {
  return `kndctr_${orgId.replace("@", "_")}_${key}`;
}
