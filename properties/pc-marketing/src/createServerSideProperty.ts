/**
 * The web property of the server-side variant (issue 40, "the seed, server-side"): the
 * pc-marketing property without the three vendor tags (the ad pixel, the marketing
 * automation tracker, the insight tag), whose work the event forwarding property
 * (createForwardingProperty) does on the server for each page view. The do-not-sell choice,
 * which kept the ad pixel and insight tags off the page (cookie `dnsCookie` = `optout`),
 * travels in the page view as `consent.share.val` = `n`, so the server withholds the `share`
 * destinations for it.
 */
import type { PropertyDocument } from "@liftoff/schema";
import createPropertyDocument, { type PcMarketingOptions } from "./createPropertyDocument.ts";
import { FORWARDED_RULES } from "./createForwardingProperty.ts";
import shareConsent from "./custom-code/shareConsent.ts";
import toSource from "./custom-code/toSource.ts";
import { core } from "./modules.ts";

/** The data elements only the forwarded rules read (their ids and hosts move to the server). */
const FORWARDED_DATA_ELEMENTS = new Set([
  "ad pixel id",
  "ad pixel host",
  "marketing automation site id",
  "marketing automation host",
  "insight partner id",
  "insight host",
]);

export type PcServerSideOptions = Omit<
  PcMarketingOptions,
  | "adPixelId"
  | "adPixelHost"
  | "marketingAutomationSiteId"
  | "marketingAutomationHost"
  | "insightPartnerId"
  | "insightHost"
>;

export default function createServerSideProperty(
  options: PcServerSideOptions = {},
): PropertyDocument {
  const document = createPropertyDocument(options);
  const forwarded = new Set(FORWARDED_RULES);
  document.property.name = "PC Marketing (server-side vendors)";
  document.rules = document.rules.filter((rule) => !forwarded.has(rule.name));
  document.dataElements = document.dataElements.filter((e) => !FORWARDED_DATA_ELEMENTS.has(e.name));
  const pageView = document.dataElements.find((e) => e.name === "XDM page view");
  if (!pageView?.settings) throw new Error('pc-marketing: no "XDM page view" data element');
  const data = pageView.settings.data as Record<string, unknown>;
  pageView.settings = {
    ...pageView.settings,
    data: { ...data, consent: { share: { val: "%share consent%" } } },
  };
  document.dataElements.push({
    id: "DEpc_share_consent",
    name: "share consent",
    modulePath: core.customCode,
    settings: { source: toSource(shareConsent, "document.cookie") },
    description:
      "n when the visitor chose do not sell (cookie dnsCookie=optout), else y: the page view's consent.share.val, which the server's \"share\" destinations need.",
  });
  return document;
}
