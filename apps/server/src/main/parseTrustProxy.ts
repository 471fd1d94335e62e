import { isIP } from "node:net";

/** Fastify's `trustProxy`: whatever connects, or the proxies at these addresses. */
export type TrustProxy = true | string[];

/** proxy-addr's names for address ranges (Fastify resolves them). */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function validEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `--trust-proxy`: `true` (whatever connects is a proxy: only when nothing else can reach
 * the port), or a comma list of proxy addresses, CIDR ranges and
 * `loopback`/`linklocal`/`uniquelocal`. Without it forwarded headers are ignored. A hop
 * count is refused: Fastify cannot check the nearest peer with one and trusts nothing.
 */
export default function parseTrustProxy(raw: string): TrustProxy {
  if (raw === "true") return true;
  if (/^\d+$/.test(raw))
    throw new Error(
      `--trust-proxy: a hop count (${raw}) cannot say which peer is the proxy; give true or the proxies' addresses or CIDR ranges`,
    );
  const entries = raw.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !validEntry(entry));
  if (bad === undefined) return entries;
  throw new Error(
    `--trust-proxy: ${JSON.stringify(bad)} is not an address, a CIDR range or loopback/linklocal/uniquelocal`,
  );
}
