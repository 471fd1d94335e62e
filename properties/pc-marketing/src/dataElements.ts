/**
 * The property's data elements (spec §3 "Tracking data elements", "Custom properties",
 * "Constants"). Custom code comes from ./custom-code as function text (toSource.ts).
 */
import type { PropertyDataElement } from "@liftoff/schema";
import buildDataLayer from "./custom-code/buildDataLayer.ts";
import {
  campaign,
  elementId,
  linkDestination,
  mediaSource,
  pageEvents,
  productViews,
} from "./custom-code/eventValues.ts";
import lineOfBusiness from "./custom-code/lineOfBusiness.ts";
import pageName from "./custom-code/pageName.ts";
import { isNotFoundPage, isProductPage } from "./custom-code/pageKind.ts";
import readDataLayer from "./custom-code/readDataLayer.ts";
import { searchPageFlag, searchResultCount, searchSuccess } from "./custom-code/searchValues.ts";
import siteHierarchy from "./custom-code/siteHierarchy.ts";
import toSource from "./custom-code/toSource.ts";
import { fileName, linkType, urlWithoutQuery } from "./custom-code/urlParts.ts";
import { core, webSdk } from "./modules.ts";
import { xdmInteraction, xdmPageView } from "./xdm.ts";

/** Values an installation changes in the studio; the defaults are documented placeholders. */
export interface SiteConstants {
  siteName: string;
  adPixelId: string;
  adPixelHost: string;
  marketingAutomationSiteId: string;
  marketingAutomationHost: string;
  insightPartnerId: string;
  insightHost: string;
  hostedScriptsBase: string;
}

/** The variable (web-sdk Variable data element) every send reads its XDM from. */
export const ANALYTICS_VARIABLE_ID = "pc-analytics-xdm";

const slug = (name: string) => name.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase();
const de = (
  name: string,
  modulePath: string,
  settings: Record<string, unknown>,
  description?: string,
): PropertyDataElement => ({
  id: `DEpc_${slug(name)}`,
  name,
  modulePath,
  settings,
  ...(description ? { description } : {}),
});
const code = (name: string, source: string, description?: string) =>
  de(name, core.customCode, { source }, description);
const constant = (name: string, value: string, description: string) =>
  de(name, core.constant, { value }, description);
const getVar = (name: string) => `_satellite.getVar(${JSON.stringify(name)}, event)`;
const layer = (name: string, group: "siteInfo" | "pageInfo", key: string) =>
  code(
    name,
    toSource(readDataLayer, "_satellite.getVar", JSON.stringify(group), JSON.stringify(key)),
  );

export function createDataElements(site: SiteConstants): PropertyDataElement[] {
  return [
    // Configuration (spec §3 "Constants"; issue 9 "configuration, not code").
    constant("site name", site.siteName, "First part of every page name."),
    constant("ad pixel id", site.adPixelId, "Ad pixel id (placeholder)."),
    constant("ad pixel host", site.adPixelHost, "Origin serving the ad pixel script."),
    constant(
      "marketing automation site id",
      site.marketingAutomationSiteId,
      "Tracker site id (placeholder).",
    ),
    constant("marketing automation host", site.marketingAutomationHost, "Origin of the tracker."),
    constant("insight partner id", site.insightPartnerId, "Insight tag partner id (placeholder)."),
    constant("insight host", site.insightHost, "Origin of the insight tag."),
    constant(
      "hosted scripts base",
      site.hostedScriptsBase,
      "Base URL of the three hosted rule scripts.",
    ),
    constant(
      "report suite (development)",
      "PLACEHOLDER-dev-report-suite",
      "PLACEHOLDER: the spec omits the value. Report suites are set on the datastream; kept for reference only.",
    ),
    constant(
      "tracking server",
      "PLACEHOLDER.tracking-server.example",
      "PLACEHOLDER: the spec omits the value. Not sent: the Web SDK sends to the edge.",
    ),
    constant(
      "tracking server secure",
      "PLACEHOLDER.tracking-server-secure.example",
      "PLACEHOLDER: the spec omits the value. Not sent: the Web SDK sends to the edge.",
    ),
    // The data layer (spec §3), built once and kept on window.digitalData.
    code(
      "data layer",
      `return window.digitalData || (window.digitalData = (${buildDataLayer.toString()})(` +
        `_satellite.getVar("site name"), ${pageName.toString()}, document, window.pageDataManager));`,
      "Builds window.digitalData on first use (buildDataLayer.ts).",
    ),
    layer("site section", "siteInfo", "siteSection"),
    layer("site sub-section", "siteInfo", "siteSubSection"),
    layer("site sub-section 2", "siteInfo", "siteSubSection2"),
    layer("category 1", "siteInfo", "siteCategory1"),
    layer("category 2", "siteInfo", "siteCategory2"),
    layer("channel", "siteInfo", "siteChannel"),
    layer("business unit", "siteInfo", "businessUnit"),
    layer("language", "siteInfo", "language"),
    layer("country", "siteInfo", "country"),
    layer("page name", "pageInfo", "pageName"),
    layer("page type", "pageInfo", "pageType"),
    // Page context (spec §2 "Other URL inputs", §4 device type).
    de("page title", core.pageInfo, { attribute: "title" }),
    de("page URL", core.pageInfo, { attribute: "url" }),
    de("hostname", core.pageInfo, { attribute: "hostname" }),
    de("referrer", core.pageInfo, { attribute: "referrer" }),
    code("URL without query", toSource(urlWithoutQuery, "location")),
    code("line of business", toSource(lineOfBusiness, "location.pathname")),
    de("device type", core.deviceType, {}),
    de("screen orientation", core.screenOrientation, {}),
    de("aal", core.cookie, { name: "aal" }, "Custom property from the aal cookie."),
    de("aal1", core.cookie, { name: "aal1" }, "Custom property from the aal1 cookie."),
    // Search, 404, product (spec §2, §5).
    de("search term", core.queryStringParameter, { name: "q" }),
    code("search page flag", toSource(searchPageFlag, "document")),
    code("search success", toSource(searchSuccess, "document")),
    code("search result count", toSource(searchResultCount, "document")),
    code("product page", toSource(isProductPage, "document")),
    code("404 page", toSource(isNotFoundPage, getVar("page name"))),
    // Campaigns (spec §2).
    de("external campaign", core.queryStringParameter, { name: "cmpid" }),
    de("internal campaign", core.queryStringParameter, { name: "intcmp" }),
    code("campaign", toSource(campaign, getVar("external campaign"), getVar("internal campaign"))),
    // Interaction values, read from the rule's event (the clicked link or the media element).
    code("link destination", toSource(linkDestination, "event && event.element")),
    code("link type", toSource(linkType, getVar("link destination") + ' || ""', "location.host")),
    code("downloaded file name", toSource(fileName, getVar("link destination"))),
    code("podcast name", toSource(elementId, "event && event.element")),
    code("video name", toSource(fileName, `(${mediaSource.toString()})(event && event.element)`)),
    // Payload pieces (docs/analytics-mapping.md).
    code("page events", toSource(pageEvents, getVar("search success"), getVar("404 page"))),
    code("product views", toSource(productViews, getVar("product page"))),
    code(
      "site hierarchy",
      toSource(
        siteHierarchy,
        `[${["channel", "site section", "site sub-section", "site sub-section 2"].map(getVar).join(", ")}]`,
      ),
    ),
    de("XDM page view", webSdk.xdmObject, { data: xdmPageView }),
    de("XDM interaction", webSdk.xdmObject, { data: xdmInteraction }),
    de("analytics variable", webSdk.variable, { dataElementCacheId: ANALYTICS_VARIABLE_ID }),
  ];
}
