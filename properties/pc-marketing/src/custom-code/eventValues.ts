/**
 * Analytics events of a page view (docs/analytics-mapping.md): event1 carries the search
 * success value (0 or 1) on search pages, event17 marks the 404 page. Only the events that
 * apply are present, so a page view carries no empty event objects.
 */
export function pageEvents(
  searchSuccess: unknown,
  notFound: unknown,
): Record<string, { value: number }> | undefined {
  const events: Record<string, { value: number }> = {};
  if (searchSuccess === 0 || searchSuccess === 1) events.event1 = { value: searchSuccess };
  if (notFound === true) events.event17 = { value: 1 };
  return Object.keys(events).length > 0 ? events : undefined;
}

/** `commerce` of a page view: productViews 1 on product pages, nothing elsewhere. */
export function productViews(isProduct: unknown): { productViews: { value: 1 } } | undefined {
  return isProduct === true ? { productViews: { value: 1 } } : undefined;
}

/** The campaign tracking code: external (`cmpid`) wins over internal (`intcmp`). */
export function campaign(external: unknown, internal: unknown): string | undefined {
  if (typeof external === "string" && external !== "") return external;
  if (typeof internal === "string" && internal !== "") return internal;
  return undefined;
}

/** The clicked link's destination (`href`), for link-click rules. */
export function linkDestination(element: unknown): string | undefined {
  const href = element && (element as { href?: unknown }).href;
  return typeof href === "string" && href !== "" ? href : undefined;
}

/** The media element's current source URL (the video name is its file name). */
export function mediaSource(element: unknown): string | undefined {
  const media = element as { currentSrc?: unknown; src?: unknown } | undefined;
  const url = media && (media.currentSrc || media.src);
  return typeof url === "string" && url !== "" ? url : undefined;
}

/** The clicked element's id: the podcast name is the id of the clicked podcast link (spec §3). */
export function elementId(element: unknown): string | undefined {
  const id = element && (element as { id?: unknown }).id;
  return typeof id === "string" && id !== "" ? id : undefined;
}
