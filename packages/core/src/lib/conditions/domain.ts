/**
 * Core condition "Domain": the hostname is one of `domains` or a subdomain of one,
 * ignoring case.
 */
export default function domain(settings: { domains?: string[] }): boolean {
  if (!Array.isArray(settings.domains)) throw new Error("settings.domains must be an array.");
  const host = location.hostname.toLowerCase();
  return settings.domains.some((d) => {
    const name = String(d).toLowerCase();
    return host === name || host.endsWith(`.${name}`);
  });
}
