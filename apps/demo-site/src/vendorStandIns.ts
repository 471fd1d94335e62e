/**
 * Local stand-ins for the third-party hosts of spec §7 — the ad pixel, the
 * marketing-automation tracker, the professional-network insight tag and the three hosted
 * rule scripts — served under `/vendor/` on the demo origin. Each script reports what the
 * page queued for it back to `/vendor/.../collect`; the server records every request under
 * /vendor so tests can read the calls (`GET /__calls`). The server-side variant's event
 * forwarding posts to the same collect endpoints, and the ad pixel's PageView to its
 * Conversions API stand-in, `/vendor/pixel/<pixel id>/events`.
 */
const report = (name: string, expression: string) =>
  `(function(){fetch("/vendor/${name}/collect",{method:"POST",keepalive:true,body:JSON.stringify(${expression})})})();`;

export const VENDOR_SCRIPTS: Record<string, string> = {
  "/vendor/pixel/events.js": report("pixel", "(window.fbq && window.fbq.q) || []"),
  "/vendor/mat/tracking.js": report("mat", "window._mtq || []"),
  "/vendor/insight/insight.min.js": report("insight", "window._insight_partner_ids || []"),
  "/vendor/hosted/open-ui-change.js": `document.documentElement.setAttribute("data-open-ui-change","applied");`,
  "/vendor/hosted/form-abandonment.js": `window.formAbandonment={dispatching:true};`,
  // The do-not-sell script sets the opt-out cookie the tag rules check (spec §6).
  "/vendor/hosted/do-not-sell.js": `document.cookie="dnsCookie=optout; path=/; max-age=31536000";`,
};

/** One recorded request to a vendor stand-in. */
export interface VendorCall {
  method: string;
  path: string;
  body: string;
  time: number;
}
