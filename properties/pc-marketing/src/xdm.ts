/**
 * The XDM ExperienceEvent shapes (docs/analytics-mapping.md, a fixed contract): tokens name
 * the data elements each field reads. A token that resolves to undefined leaves its field
 * out of the payload.
 */
const t = (name: string) => `%${name}%`;

/** eVar number → data element (docs/analytics-mapping.md, "eVars"). */
export const EVARS: Record<number, string> = {
  1: "page name",
  2: "site section",
  3: "site sub-section",
  4: "site sub-section 2",
  5: "category 1",
  6: "channel",
  7: "search term",
  8: "search result count",
  9: "downloaded file name",
  10: "link destination",
  11: "external campaign",
  12: "internal campaign",
  13: "podcast name",
  14: "video name",
  15: "device type",
  16: "screen orientation",
  17: "page title",
  18: "page URL",
  19: "line of business",
  20: "site name",
  21: "business unit",
  22: "language",
  23: "country",
  24: "category 2",
  25: "aal",
  26: "aal1",
  27: "search page flag",
  28: "page type",
  29: "URL without query",
  30: "hostname",
  31: "referrer",
};

/** prop number → data element (docs/analytics-mapping.md, "props"). */
export const PROPS: Record<number, string> = {
  1: "page name",
  2: "site section",
  3: "site sub-section",
  4: "page type",
  5: "search term",
  6: "device type",
  7: "hostname",
  8: "line of business",
};

/** eVars whose value comes from the interaction, not the page: set by the click rules. */
const INTERACTION_EVARS = new Set([9, 10, 13, 14]);

const dimensions = (table: Record<number, string>, prefix: string, keep: (n: number) => boolean) =>
  Object.fromEntries(
    Object.entries(table)
      .filter(([n]) => keep(Number(n)))
      .map(([n, name]) => [`${prefix}${n}`, t(name)]),
  );

/** Page view payload (spec §3 "Web page details", commerce, marketing, custom dimensions). */
export const xdmPageView = {
  web: {
    webPageDetails: {
      name: t("page name"),
      URL: t("page URL"),
      siteSection: t("site section"),
      pageViews: { value: 1 },
    },
    webReferrer: { URL: t("referrer") },
  },
  marketing: { trackingCode: t("campaign") },
  commerce: t("product views"),
  _experience: {
    analytics: {
      event1to100: t("page events"),
      customDimensions: {
        eVars: dimensions(EVARS, "eVar", (n) => !INTERACTION_EVARS.has(n)),
        props: dimensions(PROPS, "prop", () => true),
        lists: { list1: { list: t("site hierarchy") } },
      },
    },
  },
};

/**
 * What every interaction shares (spec §3 "Web interaction": URL, linkClicks 1); each rule
 * adds its name, its event number and its own eVars (rules.ts).
 */
export const xdmInteraction = {
  web: {
    webInteraction: { URL: t("link destination"), type: t("link type"), linkClicks: { value: 1 } },
  },
  _experience: {
    analytics: { customDimensions: { eVars: { eVar10: t("link destination") } } },
  },
};
