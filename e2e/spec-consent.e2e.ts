/**
 * Spec §4 consent states and §6 "consent categories act as permissions", end to end: the
 * property built with general consent pending and identity opt-in applying, so nothing is
 * sent until the page decides.
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
  pcm = await startPcMarketing({ defaultConsent: "pending", doesOptInApply: true });
});
test.afterAll(() => pcm?.stop());

const eventsOf = async (url: string) => (await pcm.events()).filter((e) => pageUrlOf(e) === url);

/** Sets the page's general consent through the alloy instance (Adobe 1.0 standard). */
const setConsent = (page: Page, general: "in" | "out") =>
  page.evaluate(
    (value) =>
      (window as unknown as { alloy(cmd: string, o: unknown): Promise<unknown> }).alloy(
        "setConsent",
        { consent: [{ standard: "Adobe", version: "1.0", value: { general: value } }] },
      ),
    general,
  );

test.describe("spec §4: general consent in / out / pending", () => {
  test("pending holds the page view until consent is given, then it is stored", async ({
    page,
  }) => {
    const url = demoUrl(pcm.demoOrigin, "/");
    await openPage(page, url);
    await page.waitForLoadState("load");
    await page.waitForTimeout(1000);
    expect(await eventsOf(url)).toEqual([]);
    await setConsent(page, "in");
    const [view] = await pcm.waitForEvents(
      (e) => pageUrlOf(e) === url && e.eventType === "web.webpagedetails.pageViews",
    );
    expect(xdmOf(view!).web.webPageDetails.name).toBe("pc:home");
  });

  test("out drops what was waiting and every later event; nothing is stored", async ({ page }) => {
    const url = demoUrl(pcm.demoOrigin, "/pcg/resources/forms");
    await openPage(page, url);
    await setConsent(page, "out");
    await page.click("#email");
    const result = await page.evaluate(() =>
      (window as unknown as { alloy(cmd: string, o: unknown): Promise<unknown> }).alloy(
        "sendEvent",
        { xdm: { eventType: "web.webinteraction.linkClicks" } },
      ),
    );
    expect(result).toEqual({});
    await page.waitForTimeout(1000);
    expect(await eventsOf(url)).toEqual([]);
  });

  test("a visitor who consented earlier is sent at once on the next page", async ({ page }) => {
    await openPage(page, demoUrl(pcm.demoOrigin, "/"));
    await setConsent(page, "in");
    const url = demoUrl(pcm.demoOrigin, "/small-business");
    await openPage(page, url);
    await pcm.waitForEvents(
      (e) => pageUrlOf(e) === url && e.eventType === "web.webpagedetails.pageViews",
    );
  });
});

test.describe("spec §6: identity opt-in categories gate the identity calls", () => {
  test("no /id call until ecid is approved and the change is complete", async ({ page }) => {
    const idCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(`${pcm.serverOrigin}/id?`)) idCalls.push(r.url());
    });
    await openPage(page, demoUrl(pcm.demoOrigin, "/"));
    await page.waitForLoadState("load");
    await page.waitForTimeout(800);
    expect(idCalls).toEqual([]);
    const status = await page.evaluate(() => {
      const optIn = (window as unknown as { adobe: { optIn: Record<string, any> } }).adobe.optIn;
      const before = optIn.status as string;
      optIn.approve(["ecid", "aam"], true);
      optIn.complete();
      return { before, after: optIn.status as string };
    });
    expect(status).toEqual({ before: "pending", after: "complete" });
    await expect.poll(() => idCalls.length).toBeGreaterThan(0);
  });

  test("an invalid category is refused with the Visitor API message", async ({ page }) => {
    await openPage(page, demoUrl(pcm.demoOrigin, "/"));
    const message = await page.evaluate(() => {
      try {
        (window as unknown as { adobe: { optIn: Record<string, any> } }).adobe.optIn.approve([
          "nope",
        ]);
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(message).toContain("Invalid category(-ies).");
  });
});
