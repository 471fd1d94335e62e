import type { OutboundHost } from "@liftoff/schema";

/**
 * The allowance a property's admin gave for a URL's host, or undefined when none matches.
 *
 * A pattern is a host name (`graph.facebook.com`: that host only), a wildcard (`*.example.com`:
 * any subdomain, at any depth, but not `example.com` itself), or an IP literal (`127.0.0.1`,
 * `[::1]`), each optionally narrowed to one port (`127.0.0.1:4010`); without a port any port
 * matches. When several patterns match, `allowPrivate` holds if any of them grants it (the
 * admin allowed that host's private addresses somewhere, and the narrower pattern says so).
 *
 * @example findHostAllowance(new URL("https://a.example.com/x"), [{ host: "*.example.com" }])
 */
export function findHostAllowance(
  url: URL,
  hosts: readonly OutboundHost[],
): OutboundHost | undefined {
  const name = normalizeHostName(url.hostname);
  const port = url.port === "" ? defaultPort(url.protocol) : Number(url.port);
  let found: OutboundHost | undefined;
  for (const allowed of hosts) {
    const pattern = parseHostPattern(allowed.host);
    if (!pattern) continue;
    if (pattern.port !== undefined && pattern.port !== port) continue;
    const matches = pattern.wildcard ? name.endsWith(`.${pattern.name}`) : name === pattern.name;
    if (!matches) continue;
    if (allowed.allowPrivate) return allowed;
    found ??= allowed;
  }
  return found;
}

interface HostPattern {
  name: string;
  wildcard: boolean;
  port?: number;
}

/** Parses `*.example.com`, `example.com:8443`, `[::1]:4010`; undefined for what is none of those. */
export function parseHostPattern(text: string): HostPattern | undefined {
  let rest = text.trim().toLowerCase();
  let port: number | undefined;
  const portMatch = /^(.*[^:]):(\d{1,5})$/.exec(rest);
  // A bare IPv6 literal (`::1`) has colons but no port; only `[…]:port` or `name:port` does.
  if (portMatch && (!portMatch[1]!.includes(":") || portMatch[1]!.startsWith("["))) {
    rest = portMatch[1]!;
    port = Number(portMatch[2]);
    if (port < 1 || port > 65535) return undefined;
  }
  const wildcard = rest.startsWith("*.");
  if (wildcard) rest = rest.slice(2);
  const name = normalizeHostName(rest);
  if (name === "" || name.includes("*")) return undefined;
  return port === undefined ? { name, wildcard } : { name, wildcard, port };
}

/**
 * Host names compared as the URL parser gives them: lower case, punycode, IPv4 in dotted
 * decimal, IPv6 compressed and without brackets, no trailing dot (`example.com.` is the same
 * host). Empty when the text is no host name.
 */
export function normalizeHostName(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith("[") && name.endsWith("]")) name = name.slice(1, -1);
  if (name.endsWith(".")) name = name.slice(0, -1);
  if (name === "") return "";
  try {
    const parsed = new URL(`http://${name.includes(":") ? `[${name}]` : name}/`).hostname;
    return parsed.startsWith("[") ? parsed.slice(1, -1) : parsed;
  } catch {
    return "";
  }
}

export function defaultPort(protocol: string): number {
  return protocol === "https:" ? 443 : 80;
}
