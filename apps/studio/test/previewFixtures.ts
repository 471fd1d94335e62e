import type { LibraryInfo, PreviewSession, PreviewTrace } from "@liftoff/schema";

/** A session as the server answers it, an hour from `createdAt`. */
export function previewSession(overrides: Partial<PreviewSession> = {}): PreviewSession {
  return {
    id: "0123456789abcdef0123456789abcdef",
    propertyId: "PR1",
    libraryId: "LB1",
    label: "November release",
    environmentId: "ENdev",
    link: "https://example.com/pcg/auto/quote?liftoff_preview=0123456789abcdef0123456789abcdef",
    createdBy: "editor-user",
    createdAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    expiresAt: new Date(Date.now() + 58 * 60_000).toISOString(),
    revision: 7,
    ...overrides,
  };
}

export const devLibrary: LibraryInfo = {
  id: "LB1",
  name: "November release",
  state: "development",
  environmentId: "ENdev",
  createdAt: "2026-11-21T10:00:00.000Z",
  createdBy: "ada",
  resources: [],
  builds: [],
  live: false,
};

const base = (pageId: string, seq: number, at = seq * 10) => ({ pageId, seq, at });

/** Two page views: the first quiet, the second with a click two rules listened to. */
export const traces: PreviewTrace[] = [
  {
    ...base("p1", 0),
    type: "page",
    url: "https://example.com/",
    title: "Home",
    startedAt: Date.parse("2026-11-24T10:00:00Z"),
    buildInfo: { buildDate: "2026-11-24T09:59:00Z" },
    environment: { id: "ENdev", stage: "development" },
  },
  {
    ...base("p2", 0),
    type: "page",
    url: "https://example.com/pcg/auto/quote",
    title: "Quote",
    startedAt: Date.parse("2026-11-24T10:01:00Z"),
    buildInfo: { buildDate: "2026-11-24T09:59:00Z", revision: 7 },
    environment: { id: "ENdev", stage: "development" },
  },
  {
    ...base("p2", 1, 1234),
    type: "event",
    triggerId: "t1",
    ruleId: "RL1",
    ruleName: "Page View",
    modulePath: "core/src/lib/events/click.js",
    eventName: "Click",
    element: 'a#quote.cta "Get a quote"',
  },
  {
    ...base("p2", 2, 1234),
    type: "event",
    triggerId: "t1",
    ruleId: "RL2",
    ruleName: "Quote start",
    modulePath: "core/src/lib/events/click.js",
    eventName: "Click",
  },
  {
    ...base("p2", 3, 1240),
    type: "rule",
    triggerId: "t1",
    ruleId: "RL1",
    ruleName: "Page View",
    outcome: "fired",
    sequenced: true,
    conditions: [
      {
        index: 0,
        modulePath: "core/src/lib/conditions/path.js",
        name: "Path Without Query String",
        negate: false,
        outcome: "met",
        compared: { left: "/pcg/auto/quote", operator: "matches regex", right: "^/pcg/auto" },
        result: true,
        ms: 0.4,
      },
    ],
    actions: [
      {
        index: 0,
        modulePath: "core/src/lib/actions/customCode.js",
        name: "Custom Code",
        outcome: "ran",
        ms: 3,
      },
    ],
  },
  {
    ...base("p2", 4, 1241),
    type: "rule",
    triggerId: "t1",
    ruleId: "RL2",
    ruleName: "Quote start",
    outcome: "condition not met",
    sequenced: false,
    conditions: [
      {
        index: 0,
        modulePath: "core/src/lib/conditions/path.js",
        name: "Path Without Query String",
        negate: true,
        outcome: "not met",
        compared: { left: "/pcg/auto/quote", operator: "equals", right: "/pcg/auto/quote" },
        result: true,
      },
    ],
    actions: [],
  },
  {
    ...base("p2", 5, 1238),
    type: "dataElement",
    name: "page name",
    triggerId: "t1",
    value: { section: "auto" },
    source: "stored",
    storageDuration: "session",
  },
  {
    ...base("p2", 6, 1300),
    type: "edge",
    triggerId: "t1",
    url: "https://edge.example.com/ee/v1/interact",
    request: { events: [{ xdm: { eventType: "web.webinteraction.linkClicks" } }] },
    status: 200,
    response: { handle: [{ type: "identity:result", payload: [{ id: "ecid-123" }] }] },
    ms: 42,
  },
  { ...base("p2", 7, 1350), type: "identity", ecid: "12345678901234567890", consent: "in" },
];

const REQUEST_ID = "5c0b8a1e-7d4f-4f8e-9a3b-2f6d1c0e9b71";
const server = (seq: number) => ({ pageId: "server", seq, at: seq });

/**
 * A page view's edge request whose datastream forwards, and what the server rules did with
 * it: one rule ran (a delivery retried after a 503, then delivered), one held an action back
 * for consent, one did not run. The delivery's first attempt arrives before the rules' report.
 */
export const forwardedTraces: PreviewTrace[] = [
  {
    ...base("p3", 0),
    type: "page",
    url: "https://example.com/pcg/auto/thanks",
    title: "Thanks",
    startedAt: Date.parse("2026-11-24T10:02:00Z"),
    buildInfo: { buildDate: "2026-11-24T09:59:00Z" },
    environment: { id: "ENdev", stage: "development" },
  },
  {
    ...base("p3", 1, 300),
    type: "edge",
    url: `https://edge.example.com/ee/v1/interact?configId=DS1&requestId=${REQUEST_ID}`,
    request: { events: [{ xdm: { eventType: "web.webpagedetails.pageViews" } }] },
    status: 200,
    response: { requestId: REQUEST_ID, handle: [] },
    ms: 35,
  },
  {
    ...server(1_700_000_000_100),
    type: "delivery",
    requestId: REQUEST_ID,
    eventIndex: 0,
    deliveryId: "41",
    attempt: 1,
    state: "pending",
    status: 503,
    latencyMs: 18,
    excerpt: '{"error":"busy"}',
    reason: "HTTP 503",
    nextAt: "2026-11-24T10:02:03.000Z",
  },
  {
    ...server(1_700_000_000_050),
    type: "forwarding",
    requestId: REQUEST_ID,
    eventIndex: 0,
    eventType: "web.webpagedetails.pageViews",
    propertyId: "PRedge",
    environmentId: "ENedgedev",
    outcomes: [
      { ruleId: "RLhook", ruleName: "Page views to the CRM", ran: true },
      {
        ruleId: "RLmeta",
        ruleName: "Page views to Meta",
        ran: true,
        withheld: [{ actionIndex: 0, purpose: "share", reason: "xdm.consent.share.val is n" }],
      },
      {
        ruleId: "RLforms",
        ruleName: "Forms to the CRM",
        ran: false,
        reason: 'event type "web.webpagedetails.pageViews" is not one of web.formFilledOut',
      },
    ],
    deliveries: [
      {
        id: "41",
        ruleId: "RLhook",
        ruleName: "Page views to the CRM",
        actionIndex: 0,
        destination: "http",
        host: "crm.example.com",
        state: "pending",
        request: {
          method: "POST",
          url: "https://crm.example.com/collect",
          query: [["page", "thanks"]],
          headers: [["authorization", "Bearer {{secret:crm token}}"]],
          body: '{"page":"thanks"}',
        },
      },
    ],
  },
];

/** The retry of the delivery above, delivered. */
export const deliveredTrace: PreviewTrace = {
  ...server(1_700_000_002_000),
  type: "delivery",
  requestId: REQUEST_ID,
  eventIndex: 0,
  deliveryId: "41",
  attempt: 2,
  state: "delivered",
  status: 200,
  latencyMs: 22,
  excerpt: '{"ok":true}',
};
