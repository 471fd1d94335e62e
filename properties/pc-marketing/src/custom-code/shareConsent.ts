/**
 * The page view's `consent.share.val` in the server-side variant: `n` once the visitor chose
 * "do not sell" (the hosted do-not-sell script sets `dnsCookie=optout`, spec §6), else `y`.
 * The server's consent check withholds every `share` action of an event carrying `n`
 * (docs/event-forwarding.md, Consent), as the cookie condition kept the tags off the page.
 */
export default function shareConsent(cookies: string): "n" | "y" {
  return /(?:^|;\s*)dnsCookie=optout(?:;|$)/.test(cookies) ? "n" : "y";
}
