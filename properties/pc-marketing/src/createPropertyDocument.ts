/**
 * The insurer's property (spec 000_f53f2974cb1a7332; issue 9 §1) as a PropertyDocument.
 * Per-installation values (edge and identity server, vendor hosts and ids, site name) are
 * options with documented defaults; they land in extension settings and constant data
 * elements, where the studio edits them.
 */
import { PROPERTY_FORMAT_VERSION, type PropertyDocument } from "@liftoff/schema";
import { createDataElements, type SiteConstants } from "./dataElements.ts";
import { IDENTITY_EXTENSION } from "./modules.ts";
import { REPORTING } from "./reporting.ts";
import { createRules } from "./rules.ts";

export const PROPERTY_ID = "PRpcmarketing";
export const ORG_ID = "5LIFTOFF0PCMARKETING0001@AdobeOrg";
export const ENVIRONMENTS = {
  development: "ENpcmarketingdevelopment",
  staging: "ENpcmarketingstaging",
  production: "ENpcmarketingproduction",
} as const;
/** The datastreams its Web SDK sends to; `liftoff serve --demo` creates them. */
export const DATASTREAMS = {
  development: "pc-marketing-development",
  staging: "pc-marketing-staging",
  production: "pc-marketing-production",
} as const;

export interface PcMarketingOptions extends Partial<SiteConstants> {
  /** Where the Web SDK sends (`edgeOrigin`); default the local `liftoff serve`. */
  edgeOrigin?: string;
  /** Host[:port] answering the identity service's /id; default the local `liftoff serve`. */
  identityServer?: string;
  /** Web SDK consent before any decision: `in` (default), `out` or `pending`. */
  defaultConsent?: "in" | "out" | "pending";
  /** Identity opt-in applies (ecid and aam must be approved before /id). Default false. */
  doesOptInApply?: boolean;
  /**
   * An origin serving the vendor stand-ins under `/vendor/` (the demo site): the four vendor
   * hosts become `<origin>/vendor` and `<origin>/vendor/hosted`. Host options given as well
   * win over it. Default none: the `*.vendor.example` placeholders.
   */
  vendorOrigin?: string;
}

type VendorHosts = Pick<
  SiteConstants,
  "adPixelHost" | "marketingAutomationHost" | "insightHost" | "hostedScriptsBase"
>;

/** The vendor hosts when one origin serves every stand-in (apps/demo-site `/vendor/...`). */
export function vendorHostsAt(origin: string): VendorHosts {
  const vendor = `${origin.replace(/\/+$/, "")}/vendor`;
  return {
    adPixelHost: vendor,
    marketingAutomationHost: vendor,
    insightHost: vendor,
    hostedScriptsBase: `${vendor}/hosted`,
  };
}

/** Defaults: the local server and clearly fake vendor values (spec §7 omits the hosts). */
export const DEFAULTS: Required<Omit<PcMarketingOptions, "vendorOrigin">> = {
  siteName: "pc",
  edgeOrigin: "http://localhost:8080",
  identityServer: "localhost:8080",
  defaultConsent: "in",
  doesOptInApply: false,
  adPixelId: "PLACEHOLDER-PIXEL-ID",
  adPixelHost: "https://pixel.vendor.example",
  marketingAutomationSiteId: "PLACEHOLDER-SITE-ID",
  marketingAutomationHost: "https://tracker.vendor.example",
  insightPartnerId: "PLACEHOLDER-PARTNER-ID",
  insightHost: "https://insight.vendor.example",
  hostedScriptsBase: "https://scripts.vendor.example",
};

export default function createPropertyDocument(options: PcMarketingOptions = {}): PropertyDocument {
  const { vendorOrigin, ...given } = options;
  const o = { ...DEFAULTS, ...(vendorOrigin ? vendorHostsAt(vendorOrigin) : {}), ...given };
  const insecureIdentity = o.edgeOrigin.startsWith("http:");
  return {
    formatVersion: PROPERTY_FORMAT_VERSION,
    company: { orgId: ORG_ID, dynamicCdnEnabled: false },
    property: {
      id: PROPERTY_ID,
      name: "PC Marketing",
      settings: {
        domains: ["pc-marketing.example", "localhost"],
        undefinedVarsReturnEmpty: false,
        ruleComponentSequencingEnabled: false,
        reporting: structuredClone(REPORTING),
      },
    },
    environments: [
      { id: ENVIRONMENTS.development, name: "Development", stage: "development" },
      { id: ENVIRONMENTS.staging, name: "Staging", stage: "staging" },
      { id: ENVIRONMENTS.production, name: "Production", stage: "production" },
    ],
    extensions: [
      { name: "core", displayName: "Core", settings: {} },
      {
        name: "web-sdk",
        displayName: "Web SDK",
        settings: {
          instances: [
            {
              name: "alloy",
              edgeConfigId: DATASTREAMS.production,
              stagingEdgeConfigId: DATASTREAMS.staging,
              developmentEdgeConfigId: DATASTREAMS.development,
              edgeOrigin: o.edgeOrigin,
              defaultConsent: o.defaultConsent,
              thirdPartyCookiesEnabled: false,
              // The rules send their own link-click interactions; alloy's automatic
              // collection on top would count each click twice (and its code is left out).
              clickCollectionEnabled: false,
            },
          ],
        },
      },
      {
        name: IDENTITY_EXTENSION,
        displayName: "Identity Service",
        settings: {
          orgId: ORG_ID,
          variables: [
            { name: "marketingCloudServer", value: o.identityServer },
            { name: "marketingCloudServerSecure", value: o.identityServer },
            // An http:// edge means a local setup where the identity server is http too.
            ...(insecureIdentity ? [{ name: "loadSSL", value: "false" }] : []),
            { name: "doesOptInApply", value: String(o.doesOptInApply) },
            { name: "isOptInStorageEnabled", value: "true" },
          ],
        },
      },
    ],
    dataElements: createDataElements(o),
    rules: createRules(),
  };
}
