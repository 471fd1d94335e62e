import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { OutboundHost } from "@liftoff/schema";
import { classifyAddress, METADATA_HOST_NAMES } from "./classifyAddress.ts";
import { findHostAllowance, normalizeHostName } from "./findHostAllowance.ts";

/** Resolves a host name to its addresses (every one, in the resolver's order). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** The system resolver (`getaddrinfo`, so /etc/hosts counts), every address, its order kept. */
export const systemResolveHost: ResolveHost = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Where a request may go: the addresses it may connect to, all of them checked. */
export type DestinationCheck =
  { ok: true; addresses: string[] } | { ok: false; error: string; permanent: boolean };

const ALLOW_HINT = "an admin allows hosts on the property's Forwarding settings";
const PRIVATE_HINT =
  "an admin can allow private addresses for this host on the property's Forwarding settings";

/**
 * Checks a URL against the property's host allowance and the address rules, resolving the
 * name itself: the caller connects only to the addresses returned (never resolving again,
 * which a DNS answer that changes between check and connect would otherwise exploit).
 *
 * Refused (permanent): a scheme other than http/https, a host no allowance matches, a
 * metadata service name, or any resolved address that is not public (loopback, private,
 * link-local, CGNAT, unspecified, multicast, reserved, and IPv4-mapped forms of those) unless
 * the matching allowance has `allowPrivate`. A name with one bad address among good ones is
 * refused whole: which one the connection would use is not ours to guess. A name that does
 * not resolve is a network error (retryable: DNS failures are often passing).
 */
export async function checkDestination(
  url: URL,
  hosts: readonly OutboundHost[],
  resolveHost: ResolveHost,
): Promise<DestinationCheck> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse(`scheme "${url.protocol.slice(0, -1)}" is not allowed; only http and https`);
  }
  const name = normalizeHostName(url.hostname);
  const allowance = findHostAllowance(url, hosts);
  if (!allowance) return refuse(`host ${url.host} is not allowed for this property; ${ALLOW_HINT}`);
  const allowPrivate = allowance.allowPrivate === true;
  if (!allowPrivate && METADATA_HOST_NAMES.has(name)) {
    return refuse(`host ${name} is a cloud metadata service, refused; ${PRIVATE_HINT}`);
  }
  let addresses: string[];
  if (isIP(name)) {
    addresses = [name];
  } else {
    try {
      addresses = await resolveHost(name);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return {
        ok: false,
        error: `could not resolve ${name}${code ? ` (${code})` : ""}`,
        permanent: false,
      };
    }
    if (addresses.length === 0) {
      return { ok: false, error: `could not resolve ${name}`, permanent: false };
    }
  }
  if (!allowPrivate) {
    for (const address of addresses) {
      const kind = classifyAddress(address);
      if (kind === "public") continue;
      const what = address === name ? `address ${address}` : `${name} resolves to ${address}`;
      return refuse(`${what} (${kind}), refused; ${PRIVATE_HINT}`);
    }
  }
  return { ok: true, addresses };
}

function refuse(error: string): DestinationCheck {
  return { ok: false, error, permanent: true };
}
