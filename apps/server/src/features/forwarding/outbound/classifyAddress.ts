import ipaddr from "ipaddr.js";

/**
 * What an address is, for the outbound SSRF checks: `public` (a globally routed unicast
 * address), or the name of the special range it lies in (`loopback`, `private`, `linkLocal`,
 * `carrierGradeNat`, `uniqueLocal`, `unspecified`, `multicast`, `broadcast`, `reserved`, …, as
 * ipaddr.js names them), or `invalid` when it is not an IP address at all.
 *
 * Addresses that carry an IPv4 address inside IPv6 (IPv4-mapped `::ffff:a.b.c.d`, the
 * RFC 6145 translated form, the NAT64 prefixes of RFC 6052/8215 that DNS64 resolvers
 * synthesise on IPv6-only hosts, and 6to4 `2002:AABB:CCDD::`) are judged by the IPv4 address
 * they carry, so `::ffff:127.0.0.1` is loopback and `64:ff9b::8.8.8.8` is public. Anything
 * ipaddr.js does not call plain `unicast` is not public (documentation, benchmarking, Teredo,
 * ORCHID, discard…): an outbound request has no business there.
 *
 * @example classifyAddress("169.254.169.254") // "linkLocal" (the cloud metadata address)
 */
export function classifyAddress(address: string): string {
  if (!ipaddr.isValid(address)) return "invalid";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return ipv4Class(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  switch (range) {
    case "ipv4Mapped":
    case "rfc6145":
    case "rfc6052":
      return ipv4Class(embeddedIpv4(v6.parts[6] ?? 0, v6.parts[7] ?? 0));
    case "6to4":
      return ipv4Class(embeddedIpv4(v6.parts[1] ?? 0, v6.parts[2] ?? 0));
    case "unicast":
      // The deprecated IPv4-compatible form `::a.b.c.d` (RFC 4291 §2.5.5.1) falls through
      // ipaddr.js's table as unicast; no public host lives there.
      return v6.parts.slice(0, 6).every((part) => part === 0) ? "reserved" : "public";
    default:
      return range;
  }
}

/** True when connecting to `address` needs an `allowPrivate` allowance. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === "public";
}

function ipv4Class(address: ipaddr.IPv4): string {
  const range = address.range();
  return range === "unicast" ? "public" : range;
}

function embeddedIpv4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * Names of cloud instance-metadata services. They resolve to link-local addresses (refused
 * anyway) on the clouds that define them, but a resolver of the operator's may answer
 * otherwise, so the names are refused as such. Lower case, without a trailing dot.
 */
export const METADATA_HOST_NAMES: ReadonlySet<string> = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.internal",
]);
