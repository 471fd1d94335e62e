import type { GeneralConsent, RequestFacts } from "@liftoff/schema";
import type { Datastream, ForwardTarget } from "../../store/Store.ts";

/** What the edge passes of one request, already parsed. */
export interface ArrivingRequest {
  requestId: string;
  ecid: string;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
  cookies: ReadonlyMap<string, string>;
  /** The envelope's `meta.state.entries` (alloy sends its cookies there across domains). */
  stateEntries: ReadonlyArray<{ key: string; value: string }>;
  consentCookie: string;
  /** The edge URL's `liftoff_preview` (a preview tab's build adds it; docs/preview.md). */
  previewSessionId?: string;
}

const SESSION_ID = /^[0-9a-f]{32}$/;

const header = (headers: ArrivingRequest["headers"], name: string): string | undefined => {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === "" ? undefined : text.slice(0, 1024);
};

/**
 * The general consent the request carried: its `kndctr_<org>_consent` cookie (or the same
 * entry in `meta.state`), as this edge writes it (`general=in|out`). No cookie: `unknown`,
 * which forwarding treats as the datastream's default, in (docs/event-forwarding.md).
 */
export function generalConsentOf(request: ArrivingRequest): GeneralConsent {
  const value =
    request.cookies.get(request.consentCookie) ??
    request.stateEntries.find((e) => e.key === request.consentCookie)?.value;
  if (value === undefined) return "unknown";
  const general = /(?:^|;|\s)general=(in|out|pending)\b/.exec(value)?.[1];
  return (general as GeneralConsent | undefined) ?? "unknown";
}

/**
 * The forwarding target of a request to `datastream`, or undefined when it does not forward:
 * the linked property and environment, and the request's facts (what server rules may read
 * as `arc.request…`). Computed on the ingest path: no I/O.
 */
export function forwardTargetOf(
  datastream: Datastream,
  request: ArrivingRequest,
  receivedAt: Date,
): ForwardTarget | undefined {
  const link = datastream.forwarding;
  if (!link) return undefined;
  const facts: RequestFacts = {
    requestId: request.requestId,
    datastreamId: datastream.id,
    receivedAt: receivedAt.toISOString(),
    ecid: request.ecid,
    consent: generalConsentOf(request),
    ip: request.ip,
  };
  const origin = header(request.headers, "origin");
  const referer = header(request.headers, "referer");
  const userAgent = header(request.headers, "user-agent");
  if (origin) facts.origin = origin;
  if (referer) facts.referer = referer;
  if (userAgent) facts.userAgent = userAgent;
  // Anything else is ignored: a wrong value only means no preview hears of the event.
  if (request.previewSessionId && SESSION_ID.test(request.previewSessionId))
    facts.previewSessionId = request.previewSessionId;
  return {
    propertyId: link.propertyId,
    environmentId: link.environmentId,
    facts: JSON.stringify(facts),
  };
}
