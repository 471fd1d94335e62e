import type { Envelope } from "./parseEnvelope.ts";
import { decodeIdentityCookie } from "./identityCookie.ts";
import mintEcid, { ECID_PATTERN } from "./ecid.ts";

const firstEcid = (identityMap: unknown): string | undefined => {
  if (typeof identityMap !== "object" || identityMap === null) return undefined;
  const list = (identityMap as Record<string, unknown>).ECID;
  if (!Array.isArray(list)) return undefined;
  const id = (list[0] as { id?: unknown } | undefined)?.id;
  return typeof id === "string" && ECID_PATTERN.test(id) ? id : undefined;
};

/**
 * The visitor's ECID, in the order of reference §5 item 4: the identity cookie (header),
 * the same cookie copied into `meta.state.entries` (third-party endpoints), an ECID in
 * `xdm.identityMap` (migration from the Visitor API's AMCV cookie); otherwise a new one.
 */
export default function resolveEcid(
  envelope: Envelope,
  cookies: Map<string, string>,
  identityCookieName: string,
): { ecid: string; minted: boolean } {
  const fromValue = (value: string | undefined) => {
    const ecid = value === undefined ? undefined : decodeIdentityCookie(value);
    return ecid !== undefined && ECID_PATTERN.test(ecid) ? ecid : undefined;
  };
  const found =
    fromValue(cookies.get(identityCookieName)) ??
    fromValue(envelope.meta.state?.entries.find((e) => e.key === identityCookieName)?.value) ??
    firstEcid(envelope.xdm?.identityMap) ??
    firstEcid(envelope.events[0]?.xdm.identityMap) ??
    firstEcid(envelope.identityMap);
  return found ? { ecid: found, minted: false } : { ecid: mintEcid(), minted: true };
}
