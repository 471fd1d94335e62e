/**
 * Consent on the server (docs/event-forwarding.md, "Consent"). `none` is always sent. Any other
 * purpose needs the request's general consent (the `kndctr_<org>_consent` cookie) not `out`
 * or `pending` — `unknown`, no cookie, counts as in, the datastream default — and then the
 * event's own choices in its XDM (Adobe's consent field group): `collect` needs
 * `consent.collect.val`, `share` needs that and `consent.share.val` (the California do-not-sell
 * choice), `personalize` needs `consent.personalize.content.val`, each absent or `y`/`dy`
 * (yes, or yes by default). Any other value — `n`, `dn`, `p` (pending), `u`, a typo — withholds.
 */
import type { ConsentPurpose, ForwardingArc } from "@liftoff/schema";

const YES = new Set(["y", "dy"]);

/** The choice at `xdm.consent.<path…>.val`, undefined when the event does not say. */
function choice(arc: ForwardingArc, path: string[]): unknown {
  let value: unknown = arc.event.xdm?.consent;
  for (const step of [...path, "val"]) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** Why the choice at `path` refuses, or undefined when it allows. */
function refusedBy(arc: ForwardingArc, path: string[]): string | undefined {
  const value = choice(arc, path);
  if (value === undefined || (typeof value === "string" && YES.has(value))) return undefined;
  return `the event's xdm.consent.${path.join(".")}.val is ${JSON.stringify(value)}`;
}

/**
 * Why an action of `purpose` must not be sent for this event, in a sentence; undefined when
 * its consent allows it.
 */
export function consentRefusal(purpose: ConsentPurpose, arc: ForwardingArc): string | undefined {
  if (purpose === "none") return undefined;
  const general = arc.request.consent;
  if (general === "out" || general === "pending")
    return `the visitor's general consent is ${general}`;
  if (purpose === "collect") return refusedBy(arc, ["collect"]);
  if (purpose === "share") return refusedBy(arc, ["collect"]) ?? refusedBy(arc, ["share"]);
  if (purpose === "personalize") return refusedBy(arc, ["personalize", "content"]);
  return `unknown consent purpose ${JSON.stringify(purpose)}`;
}

/**
 * True when the event's consent allows sending it to a destination of `purpose`.
 * @example consentAllows("share", arc) // false when xdm.consent.share.val is "n"
 */
export function consentAllows(purpose: ConsentPurpose, arc: ForwardingArc): boolean {
  return consentRefusal(purpose, arc) === undefined;
}
