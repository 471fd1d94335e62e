/**
 * The insurer's event forwarding property (platform `edge`, docs/event-forwarding.md): the
 * three vendor tags of spec §7 sent from the server for each page view the edge receives,
 * instead of loaded on the page. Its web counterpart is createServerSideProperty, which
 * leaves those tags out and marks the do-not-sell choice as consent in the page view.
 *
 * Each rule sends what the page tag would have reported, with the page and visitor the
 * server knows: the ad pixel's PageView as a Meta Conversions API event, the marketing
 * automation tracker's commands and the insight tag's partner id to the vendors' collect
 * endpoints (the demo site's recording stand-ins under `/vendor/`, apps/demo-site).
 */
import {
  PROPERTY_FORMAT_VERSION,
  type ConsentPurpose,
  type PropertyDataElement,
  type PropertyDocument,
  type PropertyRule,
} from "@liftoff/schema";
import { DEFAULTS, ORG_ID, vendorHostsAt } from "./createPropertyDocument.ts";
import { forwarding } from "./modules.ts";

export const FORWARDING_PROPERTY_ID = "PRpcforwarding";
export const FORWARDING_ENVIRONMENTS = {
  development: "ENpcforwardingdevelopment",
  staging: "ENpcforwardingstaging",
  production: "ENpcforwardingproduction",
} as const;
/** The environment secret the ad pixel's access token comes from (set per environment). */
export const AD_PIXEL_TOKEN_SECRET = "adPixelAccessToken";
/** The event type of the Web SDK's page views (rules.ts, "All Pages - Page View"). */
export const PAGE_VIEW = "web.webpagedetails.pageViews";
/** The web property's rules whose work this property does on the server instead. */
export const FORWARDED_RULES = ["Ad Pixel", "Marketing Automation Tracker", "Insight Tag"];

export interface PcForwardingOptions {
  /**
   * An origin serving the vendor stand-ins under `/vendor/` (the demo site): the three
   * vendor hosts become `<origin>/vendor`. Host options given as well win over it.
   */
  vendorOrigin?: string;
  adPixelId?: string;
  /** The origin and path the Conversions API requests go under (`<host>/pixel`). */
  adPixelHost?: string;
  marketingAutomationSiteId?: string;
  marketingAutomationHost?: string;
  insightPartnerId?: string;
  insightHost?: string;
}

const slug = (name: string) => name.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase();
const token = (name: string) => `{{${name}}}`;

const element = (
  name: string,
  modulePath: string,
  settings: Record<string, unknown>,
  description: string,
): PropertyDataElement => ({
  id: `DEpcfwd_${slug(name)}`,
  name,
  modulePath,
  settings,
  description,
});
const path = (name: string, at: string, description: string) =>
  element(name, forwarding.path, { path: at }, description);
const constant = (name: string, value: string, description: string) =>
  element(name, forwarding.constant, { value }, description);

/** A rule for every page view the edge receives, with one action of `purpose`. */
function pageViewRule(
  name: string,
  description: string,
  action: { modulePath: string; settings: Record<string, unknown> },
  purpose: ConsentPurpose,
): PropertyRule {
  const id = `RLpcfwd_${slug(name)}`;
  return {
    id,
    name,
    description,
    events: [
      {
        id: `RC${id.slice(2)}_e1`,
        modulePath: forwarding.eventReceived,
        settings: { eventTypes: [PAGE_VIEW] },
      },
    ],
    conditions: [],
    actions: [
      {
        id: `RC${id.slice(2)}_a1`,
        modulePath: action.modulePath,
        // The purpose is written out even where it is the action's default, so the rule
        // shows which consent it needs.
        settings: { ...action.settings, purpose },
      },
    ],
  };
}

/** A JSON "Send HTTP request" POST to `url`. */
const postJson = (url: string, body: unknown) => ({
  modulePath: forwarding.sendHttpRequest,
  settings: { method: "POST", url, bodyType: "json", body },
});

export default function createForwardingProperty(
  options: PcForwardingOptions = {},
): PropertyDocument {
  const { vendorOrigin, ...given } = options;
  const o = { ...DEFAULTS, ...(vendorOrigin ? vendorHostsAt(vendorOrigin) : {}), ...given };
  const dataElements = [
    path("page URL", "arc.event.xdm.web.webPageDetails.URL", "The page view's URL."),
    path("page name", "arc.event.xdm.web.webPageDetails.name", "The page view's page name."),
    path("ECID", "arc.request.ecid", "The visitor's ECID, as the edge read or gave it."),
    path("user agent", "arc.request.userAgent", "The browser's User-Agent header."),
    path("client IP", "arc.request.ip", "The visitor's address as the server saw it."),
    constant("ad pixel id", o.adPixelId, "Ad pixel id (placeholder)."),
    constant(
      "ad pixel endpoint",
      `${o.adPixelHost}/pixel`,
      "Where Conversions API requests go (https://graph.facebook.com/v21.0 for the real one).",
    ),
    element(
      "ad pixel access token",
      forwarding.secret,
      { name: AD_PIXEL_TOKEN_SECRET },
      `The environment's secret "${AD_PIXEL_TOKEN_SECRET}": the Conversions API token.`,
    ),
    constant(
      "marketing automation site id",
      o.marketingAutomationSiteId,
      "Tracker site id (placeholder).",
    ),
    constant("marketing automation host", o.marketingAutomationHost, "Origin of the tracker."),
    constant("insight partner id", o.insightPartnerId, "Insight tag partner id (placeholder)."),
    constant("insight host", o.insightHost, "Origin of the insight tag."),
  ];
  const rules = [
    pageViewRule(
      FORWARDED_RULES[0]!,
      "The ad pixel's PageView as a Conversions API event; withheld when the visitor chose do not sell (share consent n).",
      {
        modulePath: forwarding.metaSendEvent,
        settings: {
          pixelId: token("ad pixel id"),
          accessToken: token("ad pixel access token"),
          eventName: "PageView",
          eventSourceUrl: token("page URL"),
          actionSource: "website",
          externalId: token("ECID"),
          clientIpAddress: token("client IP"),
          clientUserAgent: token("user agent"),
          customData: { page_name: token("page name") },
          endpoint: token("ad pixel endpoint"),
        },
      },
      "share",
    ),
    pageViewRule(
      FORWARDED_RULES[1]!,
      "The tracker's site id and page view, as the page tag queues them, with the page and visitor.",
      postJson(`${token("marketing automation host")}/mat/collect`, [
        ["setSiteId", token("marketing automation site id")],
        ["trackPageView", { url: token("page URL"), title: token("page name") }],
        ["setVisitorId", token("ECID")],
      ]),
      "collect",
    ),
    pageViewRule(
      FORWARDED_RULES[2]!,
      "The insight tag's partner id with the page and visitor; withheld when the visitor chose do not sell (share consent n).",
      postJson(`${token("insight host")}/insight/collect`, {
        partnerIds: [token("insight partner id")],
        url: token("page URL"),
        visitorId: token("ECID"),
      }),
      "share",
    ),
  ];
  return {
    formatVersion: PROPERTY_FORMAT_VERSION,
    company: { orgId: ORG_ID, dynamicCdnEnabled: false },
    property: {
      id: FORWARDING_PROPERTY_ID,
      name: "PC Marketing (event forwarding)",
      settings: { platform: "edge" },
    },
    environments: [
      { id: FORWARDING_ENVIRONMENTS.development, name: "Development", stage: "development" },
      { id: FORWARDING_ENVIRONMENTS.staging, name: "Staging", stage: "staging" },
      { id: FORWARDING_ENVIRONMENTS.production, name: "Production", stage: "production" },
    ],
    extensions: [
      { name: "core", displayName: "Core (event forwarding)", settings: {} },
      { name: "http-connector", displayName: "HTTP Connector", settings: {} },
      { name: "meta-capi", displayName: "Meta Conversions API", settings: {} },
    ],
    dataElements,
    rules,
  };
}
