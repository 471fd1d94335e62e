/**
 * Spec §3 "Analytics event payload" and §9 event numbers for link clicks, and §7 "before
 * each send": every interaction the server stored, table-driven.
 */
import { expect, test, type Page } from "@playwright/test";
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

const FORMS = "/pcg/resources/forms";
/** Spec §9's download extensions; the demo's forms page links one file of each. */
const DOWNLOAD_EXTENSIONS = "doc docx eps xls ppt pptx pdf xlsx tab csv zip txt vsd vxd xml".split(
  " ",
);

/** The interaction of this page with this name (waits for it). */
const interactionOf = async (url: string, name: string) =>
  xdmOf(
    (
      await pcm.waitForEvents(
        (e) =>
          e.eventType === "web.webinteraction.linkClicks" &&
          pageUrlOf(e) === url &&
          xdmOf(e).web.webInteraction?.name === name,
      )
    )[0]!,
  );

/** Opens the page and waits for its page view, so the variable holds the page values. */
async function ready(page: Page, path: string) {
  const url = demoUrl(pcm.demoOrigin, path);
  await openPage(page, url);
  await pcm.waitForEvents(
    (e) => e.eventType === "web.webpagedetails.pageViews" && pageUrlOf(e) === url,
  );
  return url;
}

test.describe("spec §9: download extensions (event 9, downloaded file name)", () => {
  for (const ext of DOWNLOAD_EXTENSIONS)
    test(`.${ext} link`, async ({ page }) => {
      const url = await ready(page, FORMS);
      const download = page.waitForEvent("download").catch(() => undefined);
      await page.click(`a[href="/files/claim-form.${ext}"]`);
      const xdm = await interactionOf(url, "download");
      await download;
      expect(xdm.web.webInteraction).toEqual({
        name: "download",
        URL: `${pcm.demoOrigin}/files/claim-form.${ext}`,
        type: "download",
        linkClicks: { value: 1 },
      });
      expect(xdm._experience.analytics.event1to100).toEqual({ event9: { value: 1 } });
      expect(xdm._experience.analytics.customDimensions.eVars.eVar9).toBe(`claim-form.${ext}`);
      expect(xdm._experience.analytics.customDimensions.eVars.eVar10).toBe(
        `${pcm.demoOrigin}/files/claim-form.${ext}`,
      );
    });
});

const clicks = [
  {
    what: "email link",
    path: FORMS,
    selector: "#email",
    name: "email link",
    event: 8,
    type: "other",
  },
  {
    what: "phone link",
    path: FORMS,
    selector: "#phone",
    name: "phone link",
    event: 77,
    type: "other",
  },
  {
    what: "podcast link",
    path: "/pcg/resources/media",
    selector: "#podcast-ep-12",
    name: "podcast",
    event: 3,
    type: "other",
    eVars: { eVar13: "podcast-ep-12" },
  },
  {
    what: "do-not-sell link",
    path: "/",
    selector: "a.do-not-sell",
    name: "do not sell",
    event: 22,
    type: "other",
  },
  {
    what: "exit link",
    path: FORMS,
    selector: "#exit",
    name: "exit link",
    event: undefined,
    type: "exit",
  },
];

test.describe("spec §3, §9: link clicks", () => {
  for (const c of clicks)
    test(`${c.what} → ${c.event ? `event${c.event}` : "no numbered event"}, type ${c.type}`, async ({
      page,
    }) => {
      const url = await ready(page, c.path);
      const href = await page.locator(c.selector).evaluate((a) => (a as HTMLAnchorElement).href);
      // Keep the exit link from leaving the page: the click still reaches the rule.
      await page.route("https://partner.example.test/**", (route) =>
        route.fulfill({ status: 204, body: "" }),
      );
      await page.click(c.selector);
      const xdm = await interactionOf(url, c.name);
      expect(xdm.eventType).toBe("web.webinteraction.linkClicks");
      expect(xdm.web.webInteraction).toEqual({
        name: c.name,
        URL: href,
        type: c.type,
        linkClicks: { value: 1 },
      });
      expect(xdm._experience.analytics.event1to100).toEqual(
        c.event ? { [`event${c.event}`]: { value: 1 } } : undefined,
      );
      expect(xdm._experience.analytics.customDimensions.eVars).toMatchObject({
        eVar10: href,
        ...(c.eVars ?? {}),
      });
    });
});

test.describe("spec §7: before each send", () => {
  test("an interaction after a page view carries no page views, page events or earlier name", async ({
    page,
  }) => {
    const url = demoUrl(pcm.demoOrigin, FORMS);
    await openPage(page, url);
    const [view] = await pcm.waitForEvents(
      (e) => e.eventType === "web.webpagedetails.pageViews" && pageUrlOf(e) === url,
    );
    expect(xdmOf(view!).web.webPageDetails.pageViews).toEqual({ value: 1 });
    await page.click("#email");
    await interactionOf(url, "email link");
    await page.click("#phone");
    const xdm = await interactionOf(url, "phone link");
    // Page values stay (Analytics' persistent variables); per-send values are cleared.
    expect(xdm.web.webPageDetails.name).toBe("pc:pcg:resources:forms");
    expect(xdm.web.webPageDetails.pageViews).toBeUndefined();
    expect(xdm._experience.analytics.event1to100).toEqual({ event77: { value: 1 } });
    expect(xdm._experience.analytics.customDimensions.eVars.eVar1).toBe("pc:pcg:resources:forms");
  });

  test("every event goes through the SDK instance named alloy to our edge", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(pcm.serverOrigin)) requests.push(new URL(r.url()).pathname);
    });
    await ready(page, "/");
    expect(await page.evaluate(() => typeof (window as { alloy?: unknown }).alloy)).toBe(
      "function",
    );
    expect(requests).toContain("/ee/v1/interact");
  });
});
