/**
 * Preview and the live debugger (docs/preview.md): what a preview session is, and the trace
 * records a previewed page sends to the server, which streams them to the studio.
 *
 * How a page enters preview: the preview link is a page of the site with
 * `?liftoff_preview=<session id>`. Every published library checks that parameter, then the
 * tab's sessionStorage key `liftoff_preview`; with a session id (32 hex digits) it
 * keeps it in sessionStorage and loads `preview-<session id>.js` from the folder it was loaded
 * from (`/libs/:propertyId/:environmentId/`) instead of running. The server answers that file
 * with the session's instrumented build, or, when the session has ended, with a script that
 * forgets the session and then runs the environment's own library.
 */

import type { DeliveryState, DestinationKind, RuleOutcome } from "./forwarding.ts";

/** The query parameter of a preview link, and the sessionStorage key the library keeps. */
export const PREVIEW_PARAM = "liftoff_preview";
/** A preview session ends by itself this long after it starts. */
export const PREVIEW_MAX_MS = 60 * 60 * 1000;

export interface PreviewSession {
  /** Unguessable: 128 random bits as 32 lowercase hex digits (also the link's parameter). */
  id: string;
  propertyId: string;
  /** The development library previewed; absent: the property's working state. */
  libraryId?: string;
  /** Its name, or "Working state". */
  label: string;
  /** The development environment whose settings (per-stage values) the build uses. */
  environmentId: string;
  /** The page the link opens, with the parameter: `https://site.example/path?liftoff_preview=…`. */
  link: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  /** Set once ended (from the studio, or by expiry). */
  endedAt?: string;
  /** Property revision of the build pages get now (rebuilt when the property changes). */
  revision?: number;
}

/** What a previewed page sends (`POST /preview/:id/trace`, a JSON array of these). */
export type PreviewTrace =
  | PageTrace
  | EventTrace
  | RuleTrace
  | DataElementTrace
  | EdgeTrace
  | IdentityTrace
  | ForwardingTrace
  | DeliveryTrace;

interface TraceBase {
  /** One page view: a random id the preview build makes when it starts. */
  pageId: string;
  /** Milliseconds since the page view started (performance.now()). */
  at: number;
  /** Order within the page view. */
  seq: number;
}

export interface PageTrace extends TraceBase {
  type: "page";
  url: string;
  title: string;
  /** Epoch milliseconds, to order page views. */
  startedAt: number;
  /** `_satellite.buildInfo` of the preview build. */
  buildInfo: Record<string, unknown>;
  environment: { id: string; stage: string };
}

/** An event module called its trigger: a rule listened. */
export interface EventTrace extends TraceBase {
  type: "event";
  /** The trigger this record and the rule records of the same trigger share. */
  triggerId: string;
  ruleId: string;
  ruleName: string;
  /** The event's module path and its display name (`Click`, `Library Loaded`). */
  modulePath: string;
  eventName: string;
  /** A short description of the element (`a#quote.cta "Get a quote"`), when there is one. */
  element?: string;
}

export interface ConditionResult {
  index: number;
  modulePath: string;
  name: string;
  negate: boolean;
  /** Passed (after negate), failed, or did not finish. */
  outcome: "met" | "not met" | "error" | "timeout" | "skipped";
  /**
   * What the condition compared, in words a person reads:
   * `{ left: "/pcg/auto/quote", operator: "matches regex", right: "^/pcg/auto" }`.
   * Absent for modules Liftoff cannot explain (custom code: only its result).
   */
  compared?: { left: unknown; operator: string; right: unknown };
  /** The module's own return value, before negate. */
  result?: unknown;
  error?: string;
  ms?: number;
}

export interface ActionResult {
  index: number;
  modulePath: string;
  name: string;
  outcome: "ran" | "failed" | "timeout" | "skipped";
  error?: string;
  ms?: number;
}

/** One rule's run for one trigger. */
export interface RuleTrace extends TraceBase {
  type: "rule";
  triggerId: string;
  ruleId: string;
  ruleName: string;
  /** Fired (every condition met, every action called), or where it stopped. */
  outcome: "fired" | "condition not met" | "condition failed" | "action failed";
  sequenced: boolean;
  conditions: ConditionResult[];
  actions: ActionResult[];
}

/** A data element read (a token, `_satellite.getVar`), with where its value came from. */
export interface DataElementTrace extends TraceBase {
  type: "dataElement";
  name: string;
  /** The rule being run when it was read, if any. */
  triggerId?: string;
  value: unknown;
  /** `computed`: its module ran; `stored`: from its storage duration; `default`: default value. */
  source: "computed" | "stored" | "default";
  storageDuration?: "pageview" | "session" | "visitor";
}

/** A Web SDK request to the edge and the edge's answer. */
export interface EdgeTrace extends TraceBase {
  type: "edge";
  triggerId?: string;
  url: string;
  /** The request body (events with their `xdm` and `data`, `meta`). */
  request: unknown;
  status?: number;
  /** The answer's body (`handle`: identity, consent, destinations…). */
  response?: unknown;
  error?: string;
  ms?: number;
}

/** Identity and consent as the page knows them, after each edge answer. */
export interface IdentityTrace extends TraceBase {
  type: "identity";
  ecid?: string;
  /** `in`, `out`, `pending`, or absent when the property collects no consent. */
  consent?: string;
}

/**
 * Records the server makes (never a page): server rules (event forwarding) that ran for an
 * event of a preview tab's edge request, and each attempt of the deliveries they made. The
 * page that sent the request is not known to the server, so `pageId` is `SERVER_PAGE_ID`;
 * `at` and `seq` are the server's clock (epoch milliseconds). The studio places them under
 * the page's edge request of the same `requestId` (alloy's `?requestId=`, echoed in the
 * answer), and keys them by `requestId`/`eventIndex` and `deliveryId`/`attempt`.
 */
export const SERVER_PAGE_ID = "server";

/** A planned request as shown: secrets as `{{secret:name}}`, the body cut at 16 KiB. */
export interface ShownRequest {
  method: string;
  url: string;
  query: Array<[string, string]>;
  headers: Array<[string, string]>;
  body: string | null;
  /** Characters of the body left out. */
  bodyCut?: number;
}

/** What the server rules of an edge property did with one event of a preview tab's request. */
export interface ForwardingTrace extends TraceBase {
  type: "forwarding";
  requestId: string;
  eventIndex: number;
  eventType?: string;
  /** The forwarding (edge) property whose rules ran: links go to its rules. */
  propertyId: string;
  environmentId: string;
  /** Every rule: ran or why not, actions withheld for consent, errors. */
  outcomes: RuleOutcome[];
  /** The deliveries the rules made (one per action that ran). */
  deliveries: Array<{
    id: string;
    ruleId: string;
    ruleName: string;
    actionIndex: number;
    destination: DestinationKind;
    host: string;
    request: ShownRequest;
    state: DeliveryState;
  }>;
}

/** One attempt to send a delivery of a preview tab's event, and where that left it. */
export interface DeliveryTrace extends TraceBase {
  type: "delivery";
  requestId: string;
  eventIndex: number;
  deliveryId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** After this attempt: delivered, pending (tried again at `nextAt`) or dead. */
  state: DeliveryState;
  status?: number;
  error?: string;
  latencyMs: number;
  /** The first 1 KB of the answer, secrets masked. */
  excerpt?: string;
  /** Why it is tried again, or why it is dead. */
  reason?: string;
  /** ISO time of the next attempt (pending). */
  nextAt?: string;
}

/**
 * `GET /api/previews/:id/stream` is Server-Sent Events: `event: session` with the
 * PreviewSession as `data` (on connect and whenever it changes: rebuilt, ended), and
 * `event: traces` with a JSON array of PreviewTrace (on connect, the traces kept so far).
 */
export type PreviewStreamEvent =
  { event: "session"; data: PreviewSession } | { event: "traces"; data: PreviewTrace[] };
