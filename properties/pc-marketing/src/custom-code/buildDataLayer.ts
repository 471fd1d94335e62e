/** The page data layer object (spec §3), published as `window.digitalData`. */
export interface DataLayer {
  siteInfo: {
    siteName: string;
    country: "us";
    language: string;
    businessUnit: "property-and-casualty";
    siteSection: string;
    siteSubSection?: string;
    siteSubSection2?: string;
    siteCategory1?: string;
    siteCategory2?: string;
    siteChannel?: string;
  };
  pageInfo: { pageName: string; pageType: string; pageTitle: string; pageCategory: string };
}

/** Values an AEM page-data manager puts on the page (`window.pageDataManager`), when present. */
export interface AemPageData {
  sitesection?: string;
  subsection?: string;
  sc_category2?: string;
}

/**
 * Builds the data layer from the page. Runs in the browser as custom code, so it is
 * self-contained: the page-name function is passed in rather than imported (the custom-code
 * source is this function's text, see toSource.ts).
 *
 * Section levels come from the breadcrumb items in order (channel, section, sub-section,
 * sub-section 2); without a breadcrumb the section is Home (spec §3). The AEM page-data
 * manager's `sitesection`/`subsection` win over the breadcrumb because AEM authors set them
 * on purpose; `sc_category2` is only available there.
 */
export default function buildDataLayer(
  siteName: string,
  pageName: (siteName: string, pathname: string) => string,
  doc: Document,
  aem: AemPageData | undefined,
): DataLayer {
  const crumbs = Array.prototype.map.call(doc.querySelectorAll(".breadcrumb li"), (li: Element) =>
    (li.textContent || "").trim(),
  ) as string[];
  const path = doc.location.pathname;
  const name = pageName(siteName, path);
  const query = new URLSearchParams(doc.location.search);
  const section = (aem && aem.sitesection) || crumbs[1] || crumbs[0] || "Home";
  const pageType = query.has("q")
    ? "search"
    : /page-not-found/i.test(name)
      ? "error"
      : doc.querySelector(".product-cta-row")
        ? "product"
        : path === "/"
          ? "home"
          : "content";
  const lang = (doc.documentElement.lang || "en").slice(0, 2).toLowerCase();
  return {
    siteInfo: {
      siteName,
      country: "us",
      language: lang,
      businessUnit: "property-and-casualty",
      siteSection: section,
      siteSubSection: (aem && aem.subsection) || crumbs[2],
      siteSubSection2: crumbs[3],
      siteCategory1: path.split("/").filter(Boolean)[0],
      siteCategory2: aem && aem.sc_category2,
      siteChannel: crumbs.length > 1 ? crumbs[0] : undefined,
    },
    pageInfo: { pageName: name, pageType, pageTitle: doc.title, pageCategory: section },
  };
}
