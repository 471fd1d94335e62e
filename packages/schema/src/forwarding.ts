/**
 * Event forwarding (docs/event-forwarding.md): properties of platform `edge` whose rules run on
 * the server for the events a datastream receives, and send HTTP requests to destinations.
 *
 * Routes (docs/api.md):
 *   PUT    /api/datastreams/:id/forwarding (admin) {propertyId, environmentId} | {propertyId: null} → DatastreamInfo
 *   GET    /api/properties/:pid/forwarding/hosts → {hosts: OutboundHost[]}
 *   PUT    /api/properties/:pid/forwarding/hosts (admin) {hosts: OutboundHost[]} → {hosts}
 *   GET    /api/properties/:pid/forwarding/secrets → {secrets: SecretInfo[]} (never a value)
 *   PUT    /api/properties/:pid/forwarding/secrets/:environmentId/:name (editor) {value} → SecretInfo
 *   DELETE /api/properties/:pid/forwarding/secrets/:environmentId/:name (editor) → 204
 *   GET    /api/properties/:pid/deliveries?state=&destination=&limit=&before= → DeliveryPage
 *   GET    /api/properties/:pid/deliveries/:id → DeliveryInfo (with attempts)
 *   POST   /api/properties/:pid/deliveries/:id/replay (editor) → DeliveryInfo
 *   GET    /api/properties/:pid/deliveries/stats?since= → {destinations: DestinationStats[]}
 */

/** `web`: a tag property, built into a library for pages. `edge`: an event forwarding property. */
export type PropertyPlatform = "web" | "edge";

/** Token syntax of an edge property's settings: `{{data element name}}` (Launch's Event Forwarding). */
export const FORWARDING_TOKEN = /\{\{([^{}]+)\}\}/g;

/**
 * What a consent purpose needs of an event (docs/event-forwarding.md, Consent):
 * `none` is sent whatever the consent; `collect` needs the general consent in and
 * `xdm.consent.collect.val` not `n`; `share` needs that and `xdm.consent.share.val` not `n`
 * (the California do-not-sell choice); `personalize` needs `xdm.consent.personalize.content.val`
 * not `n`.
 */
export type ConsentPurpose = "none" | "collect" | "share" | "personalize";
export const CONSENT_PURPOSES: readonly ConsentPurpose[] = [
  "none",
  "collect",
  "share",
  "personalize",
];

/** `in`/`out` from the request's `kndctr_<org>_consent` cookie; `unknown` when it has none. */
export type GeneralConsent = "in" | "out" | "pending" | "unknown";

/** What the edge knew of the request an event came in (kept until the event is planned). */
export interface RequestFacts {
  requestId: string;
  datastreamId: string;
  receivedAt: string;
  ecid: string;
  origin?: string;
  referer?: string;
  userAgent?: string;
  /** The client's address as the server saw it (behind a trusted proxy: its X-Forwarded-For). */
  ip?: string;
  consent: GeneralConsent;
  /** Set when the page was a preview tab (docs/preview.md): server rules report to it. */
  previewSessionId?: string;
}

/**
 * What server rules read: `arc.event.xdm…`, `arc.event.data…`, `arc.request…` (the path data
 * element's and conditions' paths start at `arc`).
 */
export interface ForwardingArc {
  event: { xdm: Record<string, unknown>; data?: Record<string, unknown> | null; index: number };
  request: RequestFacts;
}

/** One module use in a built ruleset: an event, condition, action or data element. */
export interface RulesetModule {
  modulePath: string;
  settings: Record<string, unknown>;
  negate?: boolean;
}

/** What a forwarding environment's library holds: the built file's JSON. */
export interface ForwardingRuleset {
  format: "liftoff-forwarding-1";
  propertyId: string;
  environment: { id: string; stage: string };
  buildDate: string;
  dataElements: Record<
    string,
    RulesetModule & { defaultValue?: unknown; forceLowerCase?: boolean; cleanText?: boolean }
  >;
  rules: Array<{
    id: string;
    name: string;
    events: RulesetModule[];
    conditions: RulesetModule[];
    actions: RulesetModule[];
  }>;
}

/**
 * A request as a rule plans it. Secrets stay placeholders (`SECRET_OPEN name SECRET_CLOSE`)
 * until the moment of sending, so nothing stored or shown ever holds a secret's value.
 */
export interface PlannedRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  query: Array<[string, string]>;
  headers: Array<[string, string]>;
  body: string | null;
}

/** Placeholder marks around a secret's name in a planned request (private-use characters). */
export const SECRET_OPEN = "\uE000";
export const SECRET_CLOSE = "\uE001";

/** `meta` | `ga4` | `linkedin` | `webhook` | `http` (the generic "Send HTTP request"). */
export type DestinationKind = "meta" | "ga4" | "linkedin" | "webhook" | "http";

export interface PlannedAction {
  ruleId: string;
  ruleName: string;
  actionIndex: number;
  destination: DestinationKind;
  purpose: ConsentPurpose;
  /** Sent as the destination's idempotency field or `Idempotency-Key` where it takes one. */
  idempotencyKey: string;
  request: PlannedRequest;
}

/** Why a rule ran or did not, for the preview debugger and the Deliveries page. */
export interface RuleOutcome {
  ruleId: string;
  ruleName: string;
  ran: boolean;
  /** When it did not: `event type "web.formFilledOut" is not one of web.webpagedetails.pageViews`, `condition 2 (value comparison) was false`, … */
  reason?: string;
  /** Actions left out for consent, with the purpose refused. */
  withheld?: Array<{ actionIndex: number; purpose: ConsentPurpose; reason: string }>;
  /** A data element or action that failed (a bad regex, a hashed secret). */
  errors?: string[];
}

export interface ForwardingPlan {
  outcomes: RuleOutcome[];
  actions: PlannedAction[];
}

/** An outbound host a property may send to (an admin's allowance). */
export interface OutboundHost {
  /** `graph.facebook.com`, `*.example.com`, or `127.0.0.1:4010` (a port narrows it). */
  host: string;
  /** Needed for loopback, private, link-local and metadata addresses; refused otherwise. */
  allowPrivate?: boolean;
  /** Requests started per second to this host, per node (default 50). */
  maxPerSecond?: number;
  /** Requests in flight at once to this host, per node (default 4). */
  maxConcurrent?: number;
}

export interface SecretInfo {
  environmentId: string;
  name: string;
  updatedAt: string;
  updatedBy: string;
}

export type DeliveryState = "pending" | "delivered" | "dead";

export interface DeliveryAttempt {
  at: string;
  status?: number;
  error?: string;
  latencyMs: number;
  /** The first 1 KB of the answer, secrets masked. */
  excerpt?: string;
}

export interface DeliveryInfo {
  id: string;
  propertyId: string;
  environmentId: string;
  datastreamId: string;
  requestId: string;
  eventIndex: number;
  ruleId: string;
  ruleName: string;
  actionIndex: number;
  destination: DestinationKind;
  host: string;
  purpose: ConsentPurpose;
  idempotencyKey: string;
  state: DeliveryState;
  attempts: number;
  createdAt: string;
  nextAt?: string;
  deliveredAt?: string;
  /** Why it is dead (after its last attempt, or at once: a 4xx, a refused host). */
  reason?: string;
  lastStatus?: number;
  lastLatencyMs?: number;
  /** The planned request, secrets as `{{secret:name}}`. */
  request: PlannedRequest;
  attemptLog?: DeliveryAttempt[];
  /** Set when the event came from a preview tab: the preview session that hears of it. */
  previewSessionId?: string;
}

export interface DeliveryPage {
  deliveries: DeliveryInfo[];
  /** Pass as `before` for the next page; absent on the last. */
  next?: string;
}

export interface DestinationStats {
  destination: DestinationKind;
  host: string;
  delivered: number;
  pending: number;
  dead: number;
  /** delivered / (delivered + dead) over the window; null with neither. */
  successRate: number | null;
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
}

/** A datastream's forwarding: the edge property whose environment's library runs for its events. */
export interface DatastreamForwarding {
  propertyId: string;
  environmentId: string;
}
