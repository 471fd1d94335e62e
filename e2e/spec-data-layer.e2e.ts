/**
 * Spec §3 "Entities and their fields": the page data layer object, the tracking data
 * elements, custom properties, constants and the analytics payload, as stored by our server;
 * spec §4 device type breakpoints.
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
  xdmOf(
    (
      await pcm.waitForEvents(
        (e) => e.eventType === "web.webpagedetails.pageViews" && pageUrlOf(e) === url,
      )
    )[0]!,
  );
/** The demo site's deepest page (apps/demo-site/src/pages.ts); page N uses the first N. */
const DEEP_SEGMENTS = [
  "pcg",
  "auto",
  "coverage",
  "options",
  "liability",
  "limits",
  "state",
  "texas",
  "city",
  "austin",
  "zip",
  "78701",
];
const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

test.describe("spec §3: page name and section levels at every depth", () => {
  for (let depth = 1; depth <= 12; depth++) {
    const segments = DEEP_SEGMENTS.slice(0, depth);
    const crumbs = segments.slice(0, 4).map(title);
    test(`${depth} segment(s): pc:${segments.join(":")}`, async ({ page }) => {
      const url = demoUrl(pcm.demoOrigin, `/${segments.join("/")}`);
      await openPage(page, url);
      const xdm = await pageViewOf(url);
      const eVars = xdm._experience.analytics.customDimensions.eVars;
      const name = ["pc", ...segments].join(":");
      // Breadcrumb items are channel, section, sub-section, sub-section 2 when there are
      // two or more; a single item is the section.
      const [channel, section, sub, sub2] = crumbs.length > 1 ? crumbs : [undefined, ...crumbs];
      expect(xdm.web.webPageDetails.name).toBe(name);
      expect(xdm.web.webPageDetails.siteSection).toBe(section);
      expect([eVars.eVar6, eVars.eVar2, eVars.eVar3, eVars.eVar4]).toEqual([
        channel,
        section,
        sub,
        sub2,
      ]);
      expect(xdm._experience.analytics.customDimensions.lists.list1.list).toEqual(
        [channel, section, sub, sub2].filter(Boolean).map((value) => ({ value })),
      );
      expect(eVars.eVar5).toBe("pcg");
    });
  }
});

test.describe("spec §3: the page data layer object", () => {
  test("window.digitalData has siteInfo and pageInfo with the spec's fields", async ({ page }) => {
    await openPage(page, demoUrl(pcm.demoOrigin, "/pcg/auto/auto-insurance"));
    const layer = await page.evaluate(() => (window as { digitalData?: unknown }).digitalData);
    expect(layer).toEqual({
      siteInfo: {
        siteName: "pc",
        country: "us",
        language: "en",
        businessUnit: "property-and-casualty",
        siteSection: "Auto",
        siteSubSection: "Auto Insurance",
        siteCategory1: "pcg",
        siteChannel: "Personal",
      },
      pageInfo: {
        pageName: "pc:pcg:auto:auto-insurance",
        pageType: "product",
        pageTitle: "Auto Insurance | Example Insurance",
        pageCategory: "Auto",
      },
    });
  });

  test("no breadcrumb: the section is Home", async ({ page }) => {
    const url = demoUrl(pcm.demoOrigin, "/");
    await openPage(page, url);
    expect((await pageViewOf(url)).web.webPageDetails.siteSection).toBe("Home");
  });

  test("the AEM page-data manager's sitesection, subsection and sc_category2 are used", async ({
    page,
  }) => {
    const url = demoUrl(pcm.demoOrigin, "/pcg/contact-us");
    await openPage(page, url);
    const eVars = (await pageViewOf(url))._experience.analytics.customDimensions.eVars;
    expect([eVars.eVar2, eVars.eVar3, eVars.eVar24]).toEqual(["support", "contact", "service"]);
  });

  test("site-level values: site name, business unit, language, country", async ({ page }) => {
    const url = demoUrl(pcm.demoOrigin, "/");
    await openPage(page, url);
    const eVars = (await pageViewOf(url))._experience.analytics.customDimensions.eVars;
    expect([eVars.eVar20, eVars.eVar21, eVars.eVar22, eVars.eVar23]).toEqual([
      "pc",
      "property-and-casualty",
      "en",
      "us",
    ]);
  });
});

test.describe("spec §3 custom properties and constants", () => {
  test("cookies aal and aal1 become eVar25 and eVar26", async ({ page, context }) => {
    const domain = "127.0.0.1";
    await context.addCookies([
      { name: "aal", value: "agent-42", domain, path: "/" },
      { name: "aal1", value: "region-7", domain, path: "/" },
    ]);
    const url = demoUrl(pcm.demoOrigin, "/");
    await openPage(page, url);
    const eVars = (await pageViewOf(url))._experience.analytics.customDimensions.eVars;
    expect([eVars.eVar25, eVars.eVar26]).toEqual(["agent-42", "region-7"]);
  });

  test("the report suite and tracking servers are marked placeholders", async ({ page }) => {
    await openPage(page, demoUrl(pcm.demoOrigin, "/"));
    const values = await page.evaluate(() =>
      ["report suite (development)", "tracking server", "tracking server secure"].map((n) =>
        (window as unknown as { _satellite: { getVar(n: string): unknown } })._satellite.getVar(n),
      ),
    );
    for (const value of values) expect(String(value)).toMatch(/^PLACEHOLDER/);
  });
});

test.describe("spec §4: device type from screen width", () => {
  for (const [width, type] of [
    [375, "mobile"],
    [767, "mobile"],
    [768, "tablet"],
    [1023, "tablet"],
    [1024, "desktop"],
    [1440, "desktop"],
  ] as const)
    test(`screen ${width}px → ${type}`, async ({ browser }) => {
      const context = await browser.newContext({
        screen: { width, height: 900 },
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      const url = demoUrl(pcm.demoOrigin, "/");
      await openPage(page, url);
      const xdm = await pageViewOf(url);
      expect(xdm._experience.analytics.customDimensions.eVars.eVar15).toBe(type);
      expect(xdm._experience.analytics.customDimensions.props.prop6).toBe(type);
      expect(["portrait", "landscape"]).toContain(
        xdm._experience.analytics.customDimensions.eVars.eVar16,
      );
      await context.close();
    });
});
