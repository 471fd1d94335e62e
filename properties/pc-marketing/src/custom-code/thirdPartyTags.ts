/**
 * The three vendor tags of spec §7, written as script elements pointing at configured hosts
 * (data elements), so a test or a staging site can point them at stand-ins. Each mirrors the
 * vendor's documented snippet in shape: a global command queue, then the vendor script.
 */
type Queue = ((...args: unknown[]) => void) & { q?: unknown[][] };

/** Ad pixel: init with the pixel id, limited data use (US privacy law), page view. */
export function adPixel(win: Window, doc: Document, pixelId: string, host: string): void {
  const globals = win as unknown as Record<string, Queue | undefined>;
  if (globals.fbq) return;
  const queue: Queue = (...args: unknown[]) => {
    (queue.q = queue.q || []).push(args);
  };
  globals.fbq = queue;
  queue("dataProcessingOptions", ["LDU"], 0, 0);
  queue("init", pixelId);
  queue("track", "PageView");
  const script = doc.createElement("script");
  script.async = true;
  script.src = host + "/pixel/events.js";
  doc.head.appendChild(script);
}

/** Marketing-automation tracker: site id and a page view, then the tracking script. */
export function marketingAutomation(
  win: Window,
  doc: Document,
  siteId: string,
  host: string,
): void {
  const globals = win as unknown as Record<string, unknown[][] | undefined>;
  const queue = (globals._mtq = globals._mtq || []);
  queue.push(["setSiteId", siteId], ["trackPageView"]);
  const script = doc.createElement("script");
  script.async = true;
  script.src = host + "/mat/tracking.js";
  doc.head.appendChild(script);
}

/** Professional-network insight tag: the partner id, then the insight script. */
export function insightTag(win: Window, doc: Document, partnerId: string, host: string): void {
  const globals = win as unknown as Record<string, string[] | undefined>;
  const ids = (globals._insight_partner_ids = globals._insight_partner_ids || []);
  if (ids.indexOf(partnerId) === -1) ids.push(partnerId);
  const script = doc.createElement("script");
  script.async = true;
  script.src = host + "/insight/insight.min.js";
  doc.head.appendChild(script);
}
