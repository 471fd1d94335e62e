/**
 * The origin pages reach a server at, when its port is known: the demo property's Web SDK
 * and identity service send there, and the demo site's own origin. Wildcard binds are
 * reached as localhost; IPv6 addresses are bracketed.
 */
export default function publicOrigin(
  host: string,
  port: number,
  https: boolean,
): string | undefined {
  if (port === 0) return undefined;
  const name =
    host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `${https ? "https" : "http"}://${name}:${port}`;
}
