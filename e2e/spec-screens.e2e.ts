/**
 * Spec §2 "Screens and routes": path-dependent behaviour of the pc-marketing container on
 * the demo site, read from the events our server stored and from the DOM.
 */
import { expect, test } from "@playwright/test";
import {
  demoUrl,
  openPage,
  pageUrlOf,
  startPcMarketing,
  xdmOf,
  type PcMarketing,
} from "./pcMarketing.ts";

let pcm: PcMarketing;
test.beforeAll(async () => {
  pcm = await startPcMarketing();
});
test.afterAll(() => pcm?.stop());

const pageViewOf = async (url: string) =>
  (
    await pcm.waitForEvents(
      (e) => e.eventType === "web.webpagedetails.pageViews" && pageUrlOf(e) === url,
    )
  )[0]!;
const analytics = (xdm: Record<string, any>) => xdm._experience.analytics;

test.describe("spec §2: page views by path", () => {
  test("a path containing /ms/ is excluded from the all-pages page view", async ({ page }) => {
    const url = demoUrl(pcm.demoOrigin, "/ms/agent-portal");
    await openPage(page, url);
    // An interaction on the same page proves the library ran before we look for a page view.
    await page.click("a.do-not-sell");
    await pcm.waitForEvents(
      (e) =>
        e.eventType === "web.webinteraction.linkClicks" &&
        xdmOf(e).web.webInteraction.name === "do not sell" &&
        pageUrlOf(e) === url,
    );
    const views = (await pcm.events()).filter(
      (e) => e.eventType === "web.webpagedetails.pageViews" && pageUrlOf(e) === url,
    );
    expect(views).toEqual([]);
  });

  const pages = [
    { path: "/", pageName: "pc:home", siteSection: "Home" },
    { path: "/small-business", pageName: "pc:small-business", siteSection: "Business" },
    { path: "/pcg/contact-us", pageName: "pc:pcg:contact-us", siteSection: "support" },
    {
      path: "/pcg/auto/auto-insurance",
      pageName: "pc:pcg:auto:auto-insurance",
      siteSection: "Auto",
    },
  ];
  for (const p of pages)
    test(`${p.path} sends one page view named ${p.pageName}`, async ({ page }) => {
      const url = demoUrl(pcm.demoOrigin, p.path);
      await openPage(page, url);
      const xdm = xdmOf(await pageViewOf(url));
      expect(xdm.web.webPageDetails).toEqual({
        name: p.pageName,
        URL: url,
        siteSection: p.siteSection,
        pageViews: { value: 1 },
      });
      expect(analytics(xdm).customDimensions.eVars.eVar1).toBe(p.pageName);
      expect(analytics(xdm).customDimensions.props.prop1).toBe(p.pageName);
    });
});

test.describe("spec §2: styling fixes", () => {
  test("path ending in business hides play icons and resizes hero and teasers by width", async ({
    page,
  }) => {
    for (const [width, hero, teaser] of [
      [900, "100%", "100%"],
      [1100, "90%", "48%"],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await openPage(page, demoUrl(pcm.demoOrigin, "/small-business"));
      await expect(page.locator(".play-icon")).toBeHidden();
      const sizes = await page.evaluate(() => {
        const ratio = (el: Element) =>
          `${Math.round((el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width) * 100)}%`;
        return {
          hero: ratio(document.querySelector(".hero-banner img")!),
          teaser: ratio(document.querySelector(".teaser")!),
        };
      });
      expect(sizes).toEqual({ hero, teaser });
    }
  });

  test("other paths keep their play icons", async ({ page }) => {
    await openPage(page, demoUrl(pcm.demoOrigin, "/"));
    await page.waitForLoadState("load");
    expect(await page.locator("#pc-business-styles").count()).toBe(0);
  });

  test("/pcg/contact-us marks the fourth teaser block data-nosnippet, only that one", async ({
    page,
  }) => {
    await openPage(page, demoUrl(pcm.demoOrigin, "/pcg/contact-us"));
    await expect(page.locator(".teaser").nth(3)).toHaveAttribute("data-nosnippet", "");
    const marked = await page
      .locator(".teaser")
      .evaluateAll((els) => els.map((el) => el.hasAttribute("data-nosnippet")));
    expect(marked).toEqual([false, false, false, true, false]);
  });
});

test.describe("spec §2, §5: search pages", () => {
  const cases = [
    { path: "/search", flag: 1, success: 1, count: 42 },
    { path: "/search/no-results", flag: 1, success: 0, count: undefined },
    { path: "/search/site", flag: undefined, success: 1, count: 42 },
    { path: "/search/bare", flag: undefined, success: 0, count: undefined },
  ];
  for (const c of cases)
    test(`${c.path}?q=…: flag ${c.flag}, success ${c.success}, count ${c.count}`, async ({
      page,
    }) => {
      const url = demoUrl(pcm.demoOrigin, c.path, { q: "hail damage" });
      await openPage(page, url);
      const a = analytics(xdmOf(await pageViewOf(url)));
      expect(a.customDimensions.eVars.eVar7).toBe("hail damage");
      expect(a.customDimensions.props.prop5).toBe("hail damage");
      expect(a.customDimensions.eVars.eVar28).toBe("search");
      expect(a.customDimensions.eVars.eVar27).toBe(c.flag);
      expect(a.customDimensions.eVars.eVar8).toBe(c.count);
      expect(a.event1to100.event1).toEqual({ value: c.success });
    });

  test("without q the page is no search page: no term, no search success event", async ({
    page,
  }) => {
    const url = demoUrl(pcm.demoOrigin, "/search");
    await openPage(page, url);
    const a = analytics(xdmOf(await pageViewOf(url)));
    expect(a.customDimensions.eVars.eVar7).toBeUndefined();
    expect(a.event1to100?.event1).toBeUndefined();
  });
});

test.describe("spec §2: product, 404, line of business, URL inputs", () => {
  test("a page with the product CTA row is a product page (productViews 1)", async ({ page }) => {
    const url = demoUrl(pcm.demoOrigin, "/pcg/auto/auto-insurance");
    await openPage(page, url);
    const xdm = xdmOf(await pageViewOf(url));
    expect(xdm.commerce).toEqual({ productViews: { value: 1 } });
    expect(analytics(xdm).customDimensions.eVars.eVar28).toBe("product");
  });

  test("pages without the CTA row send no productViews", async ({ page }) => {
    const url = demoUrl(pcm.demoOrigin, "/pcg/contact-us");
    await openPage(page, url);
    expect(xdmOf(await pageViewOf(url)).commerce).toBeUndefined();
  });

  for (const path of ["/pcg/page-not-found", "/pcg/claims/Page-Not-Found"])
    test(`${path}: page name contains page-not-found in any case → event17`, async ({ page }) => {
      const url = demoUrl(pcm.demoOrigin, path);
      await openPage(page, url);
      const a = analytics(xdmOf(await pageViewOf(url)));
      expect(a.event1to100.event17).toEqual({ value: 1 });
    });

  test("other pages carry no event17", async ({ page }) => {
    const url = demoUrl(pcm.demoOrigin, "/pcg/contact-us");
    await openPage(page, url);
    expect(analytics(xdmOf(await pageViewOf(url))).event1to100?.event17).toBeUndefined();
  });

  test("the third path segment is the line of business", async ({ page }) => {
    const url = demoUrl(pcm.demoOrigin, "/pcg/auto/auto-insurance");
    await openPage(page, url);
    const a = analytics(xdmOf(await pageViewOf(url)));
    expect(a.customDimensions.eVars.eVar19).toBe("auto");
    expect(a.customDimensions.props.prop8).toBe("auto");
  });

  test("cmpid, intcmp, title, path, hostname, referrer, URL with and without query", async ({
    page,
  }) => {
    const referrer = `${pcm.demoOrigin}/`;
    const cases = [
      {
        params: { cmpid: "spring-email" } as Record<string, string>,
        code: "spring-email",
        eVar11: "spring-email",
        eVar12: undefined,
      },
      {
        params: { intcmp: "home-hero" } as Record<string, string>,
        code: "home-hero",
        eVar11: undefined,
        eVar12: "home-hero",
      },
    ];
    for (const c of cases) {
      const url = demoUrl(pcm.demoOrigin, "/small-business", c.params);
      await page.goto(url, { referer: referrer });
      const xdm = xdmOf(await pageViewOf(url));
      const eVars = analytics(xdm).customDimensions.eVars;
      expect(xdm.marketing).toEqual({ trackingCode: c.code });
      expect([eVars.eVar11, eVars.eVar12]).toEqual([c.eVar11, c.eVar12]);
      expect(eVars.eVar17).toBe("Small Business | Example Insurance");
      expect(eVars.eVar18).toBe(url);
      expect(eVars.eVar29).toBe(`${pcm.demoOrigin}/small-business`);
      expect(eVars.eVar30).toBe("127.0.0.1");
      expect(eVars.eVar31).toBe(referrer);
      expect(xdm.web.webReferrer).toEqual({ URL: referrer });
    }
  });
});
