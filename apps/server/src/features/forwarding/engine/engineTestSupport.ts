/**
 * Small builders for the engine's tests: a ruleset from a few rules and data elements, and an
 * event with its request facts, each with what a test does not care about filled in.
 */
import type {
  ForwardingArc,
  ForwardingRuleset,
  RequestFacts,
  RulesetModule,
} from "@liftoff/schema";

type Rule = ForwardingRuleset["rules"][number];

export const EVENT_RECEIVED = "core/src/lib/events/eventReceived.js";
export const CONDITION = {
  valueComparison: "core/src/lib/conditions/valueComparison.js",
  path: "core/src/lib/conditions/path.js",
  regex: "core/src/lib/conditions/regex.js",
  logic: "core/src/lib/conditions/logic.js",
} as const;
export const DATA_ELEMENT = {
  path: "core/src/lib/dataElements/path.js",
  constant: "core/src/lib/dataElements/constant.js",
  mappingTable: "core/src/lib/dataElements/mappingTable.js",
  join: "core/src/lib/dataElements/join.js",
  sha256: "core/src/lib/dataElements/sha256.js",
  secret: "core/src/lib/dataElements/secret.js",
} as const;
export const ACTION = {
  http: "http-connector/src/lib/actions/sendHttpRequest.js",
  meta: "meta-capi/src/lib/actions/sendEvent.js",
  ga4: "ga4-mp/src/lib/actions/sendEvent.js",
  linkedin: "linkedin-capi/src/lib/actions/sendConversion.js",
  webhook: "webhook/src/lib/actions/sendEvent.js",
} as const;

export const module = (
  modulePath: string,
  settings: Record<string, unknown> = {},
  negate?: boolean,
): RulesetModule => (negate ? { modulePath, settings, negate } : { modulePath, settings });

/** A rule taking every event unless `events` says otherwise. */
export function rule(
  id: string,
  parts: { events?: RulesetModule[]; conditions?: RulesetModule[]; actions?: RulesetModule[] } = {},
): Rule {
  return {
    id,
    name: `Rule ${id}`,
    events: parts.events ?? [module(EVENT_RECEIVED)],
    conditions: parts.conditions ?? [],
    actions: parts.actions ?? [],
  };
}

export function ruleset(
  rules: Rule[],
  dataElements: ForwardingRuleset["dataElements"] = {},
): ForwardingRuleset {
  return {
    format: "liftoff-forwarding-1",
    propertyId: "PR1",
    environment: { id: "EN1", stage: "development" },
    buildDate: "2026-11-29T00:00:00Z",
    dataElements,
    rules,
  };
}

export const facts = (extra: Partial<RequestFacts> = {}): RequestFacts => ({
  requestId: "req-1",
  datastreamId: "ds-1",
  receivedAt: "2026-11-29T10:00:00.000Z",
  ecid: "12345678901234567890123456789012345678",
  origin: "https://shop.example",
  userAgent: "Mozilla/5.0 Test",
  ip: "203.0.113.9",
  consent: "unknown",
  ...extra,
});

/** A page view of https://shop.example/products/shoes?color=red unless `xdm` says otherwise. */
export function arc(
  xdm: Record<string, unknown> = {},
  extra: { data?: Record<string, unknown>; index?: number; request?: Partial<RequestFacts> } = {},
): ForwardingArc {
  return {
    event: {
      xdm: {
        eventType: "web.webpagedetails.pageViews",
        web: {
          webPageDetails: { URL: "https://shop.example/products/shoes?color=red", name: "Shoes" },
        },
        ...xdm,
      },
      data: extra.data ?? null,
      index: extra.index ?? 0,
    },
    request: facts(extra.request),
  };
}
