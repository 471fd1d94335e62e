import { beforeEach, describe, expect, it, vi } from "vitest";
import buildDataLayer from "./buildDataLayer.ts";
import { campaign, elementId, mediaSource, pageEvents, productViews } from "./eventValues.ts";
import lineOfBusiness from "./lineOfBusiness.ts";
import loadHostedScript from "./loadHostedScript.ts";
import pageName from "./pageName.ts";
import { isNotFoundPage, isProductPage } from "./pageKind.ts";
import { searchPageFlag, searchResultCount, searchSuccess } from "./searchValues.ts";
import siteHierarchy from "./siteHierarchy.ts";
import { businessStyles, markNoSnippet } from "./stylingFixes.ts";
import { adPixel, insightTag, marketingAutomation } from "./thirdPartyTags.ts";
import { fileName, isExitLink, linkType, urlWithoutQuery } from "./urlParts.ts";

const visit = (url: string, body = "") => {
  window.history.replaceState(null, "", url);
  document.body.innerHTML = body;
};

beforeEach(() => {
  document.head.innerHTML = "";
  document.title = "";
});

describe("buildDataLayer", () => {
  it("takes section levels from the breadcrumb items", () => {
    visit(
      "/pcg/auto/quote",
      '<nav class="breadcrumb"><ol><li>Personal</li><li>Auto</li><li>Quote</li><li>Online</li></ol></nav>',
    );
    document.title = "Quote";
    const layer = buildDataLayer("pc", pageName, document, undefined);
    expect(layer.siteInfo).toMatchObject({
      siteName: "pc",
      country: "us",
      businessUnit: "property-and-casualty",
      siteChannel: "Personal",
      siteSection: "Auto",
      siteSubSection: "Quote",
      siteSubSection2: "Online",
      siteCategory1: "pcg",
    });
    expect(layer.pageInfo).toEqual({
      pageName: "pc:pcg:auto:quote",
      pageType: "content",
      pageTitle: "Quote",
      pageCategory: "Auto",
    });
  });

  it("says Home without a breadcrumb and prefers the AEM page-data manager", () => {
    visit("/");
    expect(buildDataLayer("pc", pageName, document, undefined).siteInfo.siteSection).toBe("Home");
    const aem = { sitesection: "aem-section", subsection: "aem-sub", sc_category2: "cat2" };
    expect(buildDataLayer("pc", pageName, document, aem).siteInfo).toMatchObject({
      siteSection: "aem-section",
      siteSubSection: "aem-sub",
      siteCategory2: "cat2",
    });
  });

  it.each([
    ["/search?q=flood", "", "search"],
    ["/pcg/Page-Not-Found", "", "error"],
    ["/pcg/auto/product", '<div class="product-cta-row"></div>', "product"],
    ["/", "", "home"],
  ])("types %s as %s", (url, body, type) => {
    visit(url, body);
    expect(buildDataLayer("pc", pageName, document, undefined).pageInfo.pageType).toBe(type);
  });
});

describe("page values", () => {
  it("reads the line of business from the second real segment", () => {
    expect(lineOfBusiness("/pcg/auto/quote")).toBe("auto");
    expect(lineOfBusiness("/pcg")).toBeUndefined();
  });

  it("flags search pages only when formType exists and scores success by totalCount", () => {
    visit("/search?q=hail", '<input type="hidden" name="formType" value="site">');
    expect(searchPageFlag(document)).toBe(1);
    expect(searchSuccess(document)).toBe(0);
    expect(searchResultCount(document)).toBeUndefined();
    visit("/search?q=hail", '<span id="totalCount">1,204</span>');
    expect(searchPageFlag(document)).toBeUndefined();
    expect(searchSuccess(document)).toBe(1);
    expect(searchResultCount(document)).toBe(1204);
    visit("/pcg", '<span id="totalCount">3</span>');
    expect(searchSuccess(document)).toBeUndefined();
  });

  it("recognises product and 404 pages", () => {
    visit("/p", '<div class="product-cta-row"></div>');
    expect(isProductPage(document)).toBe(true);
    visit("/p");
    expect(isProductPage(document)).toBe(false);
    expect(isNotFoundPage("pc:PAGE-NOT-FOUND")).toBe(true);
    expect(isNotFoundPage("pc:home")).toBe(false);
    expect(isNotFoundPage(undefined)).toBe(false);
  });

  it("builds the page events, product views and campaign", () => {
    expect(pageEvents(1, false)).toEqual({ event1: { value: 1 } });
    expect(pageEvents(0, true)).toEqual({ event1: { value: 0 }, event17: { value: 1 } });
    expect(pageEvents(undefined, false)).toBeUndefined();
    expect(productViews(true)).toEqual({ productViews: { value: 1 } });
    expect(productViews(false)).toBeUndefined();
    expect(campaign("ext", "int")).toBe("ext");
    expect(campaign(undefined, "int")).toBe("int");
    expect(campaign("", undefined)).toBeUndefined();
  });

  it("lists the site hierarchy levels that are present", () => {
    expect(siteHierarchy(["Personal", "Auto", undefined, ""])).toEqual([
      { value: "Personal" },
      { value: "Auto" },
    ]);
    expect(siteHierarchy([undefined])).toBeUndefined();
  });
});

describe("links and media", () => {
  it.each([
    ["https://x.test/forms/claim.PDF?v=2", "download"],
    ["https://x.test/a.docx", "download"],
    ["https://other.test/page", "exit"],
    ["https://x.test/page", "other"],
    ["mailto:a@x.test", "other"],
    ["tel:+15555550100", "other"],
  ])("types %s as %s", (href, type) => {
    expect(linkType(href, "x.test")).toBe(type);
  });

  it("compares hosts with their ports", () => {
    expect(linkType("http://127.0.0.1:8080/page", "127.0.0.1:8080")).toBe("other");
    expect(linkType("http://127.0.0.1:9090/page", "127.0.0.1:8080")).toBe("exit");
  });

  it("takes file names from URLs and ids from elements", () => {
    expect(fileName("https://x.test/media/intro.webm?t=3#a")).toBe("intro.webm");
    expect(fileName("https://x.test/")).toBeUndefined();
    expect(fileName(undefined)).toBeUndefined();
    expect(mediaSource({ currentSrc: "https://x.test/v.webm" })).toBe("https://x.test/v.webm");
    expect(elementId({ id: "ep-12" })).toBe("ep-12");
    expect(elementId({ id: "" })).toBeUndefined();
    expect(urlWithoutQuery({ origin: "https://x.test", pathname: "/a" })).toBe("https://x.test/a");
    expect(isExitLink("exit")).toBe(true);
    expect(isExitLink("other")).toBe(false);
  });
});

describe("page changes", () => {
  it("adds the business styles once", () => {
    businessStyles(document);
    businessStyles(document);
    const styles = document.querySelectorAll("#pc-business-styles");
    expect(styles).toHaveLength(1);
    expect(styles[0]!.textContent).toContain(".play-icon{display:none!important}");
    expect(styles[0]!.textContent).toContain("(max-width:1023px)");
    expect(styles[0]!.textContent).toContain("(min-width:1024px) and (max-width:1200px)");
  });

  it("marks only the fourth teaser data-nosnippet", () => {
    visit("/pcg/contact-us", '<div class="teaser"></div>'.repeat(5));
    expect(markNoSnippet(document)).toBe(true);
    const marked = [...document.querySelectorAll(".teaser")].map((t) =>
      t.hasAttribute("data-nosnippet"),
    );
    expect(marked).toEqual([false, false, false, true, false]);
    visit("/pcg/contact-us", '<div class="teaser"></div>');
    expect(markNoSnippet(document)).toBe(false);
  });

  it("queues the vendor commands and adds their scripts", () => {
    adPixel(window, document, "px1", "https://px.test");
    marketingAutomation(window, document, "site1", "https://ma.test");
    insightTag(window, document, "p1", "https://in.test");
    const w = window as unknown as Record<string, unknown>;
    expect((w.fbq as { q: unknown[] }).q).toEqual([
      ["dataProcessingOptions", ["LDU"], 0, 0],
      ["init", "px1"],
      ["track", "PageView"],
    ]);
    expect(w._mtq).toEqual([["setSiteId", "site1"], ["trackPageView"]]);
    expect(w._insight_partner_ids).toEqual(["p1"]);
    expect([...document.querySelectorAll("script")].map((s) => s.src)).toEqual([
      "https://px.test/pixel/events.js",
      "https://ma.test/mat/tracking.js",
      "https://in.test/insight/insight.min.js",
    ]);
  });

  it("logs a hosted script that fails to load", async () => {
    const error = vi.fn();
    const loading = loadHostedScript(document, "https://s.test/missing.js", { error });
    document.querySelector("script")!.dispatchEvent(new Event("error"));
    await expect(loading).resolves.toBe(false);
    expect(error).toHaveBeenCalledWith("Failed to load script https://s.test/missing.js");
  });
});
