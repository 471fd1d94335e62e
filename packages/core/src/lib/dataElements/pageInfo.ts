const read: Record<string, () => string> = {
  url: () => location.href,
  hostname: () => location.hostname,
  pathname: () => location.pathname,
  protocol: () => location.protocol,
  referrer: () => document.referrer,
  title: () => document.title,
};

/** Core data element "Page Info": url, hostname, pathname, protocol, referrer or title. */
export default function pageInfo(settings: { attribute?: string }): string {
  const get = read[settings.attribute as string];
  if (!get) throw new Error(`settings.attribute must be one of ${Object.keys(read).join(", ")}.`);
  return get();
}
