/**
 * Spec §4 consent states and §6 "consent categories act as permissions", end to end: the
 * property built with general consent pending and identity opt-in applying, so nothing is
 * sent until the page decides.
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import {
  demoUrl,
  openPage,
  pageUrlOf,
  startPcMarketing,
  xdmOf,
  type PcMarketing,
} from "./pcMarketing.ts";
import { edgeAction, edgeEvents, recordRequests, sendSentinel } from "./requestLog.ts";

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

/** Records the names of the rules that have run their actions (`_satellite._monitors`). */
const watchRules = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __completed: string[]; _satellite: object };
    w.__completed = [];
    w._satellite = {
      _monitors: [
        { ruleCompleted: (e: { rule: { name: string } }) => w.__completed.push(e.rule.name) },
      ],
    };
  });
const ruleCompleted = (page: Page, name: string) =>
  page.waitForFunction(
    (n) => (window as unknown as { __completed: string[] }).__completed.includes(n),
    name,
  );

const PAGE_VIEW = "web.webpagedetails.pageViews";

/**
 * The identity opt-in a consent dialog gives with general consent: ecid approved, the change
 * complete. Opt-in applies in this suite, so until then the SDK's first request waits for
 * Visitor's ECID, as alloy's does during ECID migration.
 */
const approveIdentity = (page: Page) =>
  page.evaluate(() => {
    const optIn = (window as unknown as { adobe: { optIn: Record<string, any> } }).adobe.optIn;
    optIn.approve(["ecid"], true);
    optIn.complete();
  });

test.describe("spec §4: general consent in / out / pending", () => {
  test("pending holds the page view until consent is given, then it is stored", async ({
    page,
  }) => {
    const log = recordRequests(page);
    await watchRules(page);
    const url = demoUrl(pcm.demoOrigin, "/");
    await openPage(page, url);
    // The page-view rule has handed its event to alloy: without the hold it would be on its
    // way now, ahead of the set-consent request below (the sentinel).
    await ruleCompleted(page, "All Pages - Page View");
    await approveIdentity(page);
    await setConsent(page, "in");
    const [view] = await pcm.waitForEvents(
      (e) => pageUrlOf(e) === url && e.eventType === PAGE_VIEW,
    );
    expect(xdmOf(view!).web.webPageDetails.name).toBe("pc:home");
    const toEdge = log.requests.filter((r) => edgeAction(r, pcm.serverOrigin));
    const consentAt = toEdge.findIndex(
      (r) => edgeAction(r, pcm.serverOrigin) === "privacy/set-consent",
    );
    const viewAt = toEdge.findIndex((r) =>
      edgeEvents(r).some((e) => e.xdm?.eventType === PAGE_VIEW),
    );
    expect(consentAt).toBeGreaterThanOrEqual(0);
    expect(viewAt).toBeGreaterThan(consentAt);
    expect(toEdge.slice(0, consentAt).flatMap(edgeEvents)).toEqual([]);
  });

  test("out drops what was waiting and every later event; nothing is stored", async ({ page }) => {
    const log = recordRequests(page);
    const url = demoUrl(pcm.demoOrigin, "/pcg/resources/forms");
    await openPage(page, url);
    await approveIdentity(page);
    await setConsent(page, "out");
    await page.click("#email");
    const result = await page.evaluate(() =>
      (window as unknown as { alloy(cmd: string, o: unknown): Promise<unknown> }).alloy(
        "sendEvent",
        { xdm: { eventType: "web.webinteraction.linkClicks" } },
      ),
    );
    expect(result).toEqual({});
    // Sentinel: consent back in, then an event through the same alloy instance. Anything
    // "out" had held instead of dropping would be released and sent ahead of it.
    await setConsent(page, "in");
    const sentinelAt = await sendSentinel(page, log);
    await log.settled();
    expect(log.requests.slice(0, sentinelAt).flatMap(edgeEvents)).toEqual([]);
    const stored = await eventsOf(url);
    expect(stored.map((e) => e.eventType)).toEqual(["liftoff.test.sentinel"]);
  });

  test("a visitor who consented earlier is sent at once on the next page", async ({ page }) => {
    await openPage(page, demoUrl(pcm.demoOrigin, "/"));
    await approveIdentity(page);
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
    const log = recordRequests(page);
    const isIdCall = (r: Request) => r.url().startsWith(`${pcm.serverOrigin}/id?`);
    const sentinelUrl = `${pcm.serverOrigin}/healthz?sentinel=${Date.now()}`;
    await openPage(page, demoUrl(pcm.demoOrigin, "/"));
    await page.waitForLoadState("load");
    // Ask the page's Visitor for the ECID (without approval it answers "" and calls nothing;
    // an ungated Visitor would start its /id call right here), then send the sentinel.
    await page.evaluate((sentinel) => {
      const w = window as unknown as {
        _satellite: { company: { orgId: string } };
        Visitor: { getInstance(org: string): { getMarketingCloudVisitorID(cb: () => void): void } };
      };
      w.Visitor.getInstance(w._satellite.company.orgId).getMarketingCloudVisitorID(() => {});
      void fetch(sentinel, { mode: "no-cors" });
    }, sentinelUrl);
    const sentinelAt = await log.waitFor((r) => r.url() === sentinelUrl);
    expect(log.requests.slice(0, sentinelAt).filter(isIdCall)).toEqual([]);
    const status = await page.evaluate(() => {
      const optIn = (window as unknown as { adobe: { optIn: Record<string, any> } }).adobe.optIn;
      const before = optIn.status as string;
      optIn.approve(["ecid", "aam"], true);
      optIn.complete();
      return { before, after: optIn.status as string };
    });
    expect(status).toEqual({ before: "pending", after: "complete" });
    expect(await log.waitFor(isIdCall)).toBeGreaterThan(sentinelAt);
  });

  test("the SDK's first request waits for ecid approval, then carries Visitor's ECID", async ({
    page,
  }) => {
    const log = recordRequests(page);
    const url = demoUrl(pcm.demoOrigin, "/");
    await openPage(page, url);
    await page.waitForLoadState("load");
    const sentinelUrl = `${pcm.serverOrigin}/healthz?sentinel=${Date.now()}`;
    // General consent in: the set-consent request is ready to go, but has no ECID to carry.
    await page.evaluate((sentinel) => {
      const w = window as unknown as { alloy(cmd: string, o: unknown): Promise<unknown> };
      void w.alloy("setConsent", {
        consent: [{ standard: "Adobe", version: "1.0", value: { general: "in" } }],
      });
      // A timer task: the consent command's own promise steps have all run before it.
      setTimeout(() => void fetch(sentinel, { mode: "no-cors" }), 0);
    }, sentinelUrl);
    const sentinelAt = await log.waitFor((r) => r.url() === sentinelUrl);
    expect(
      log.requests.slice(0, sentinelAt).filter((r) => edgeAction(r, pcm.serverOrigin)),
    ).toEqual([]);
    const idResponse = page.waitForResponse((r) => r.url().startsWith(`${pcm.serverOrigin}/id?`));
    await approveIdentity(page);
    const { d_mid: mid } = (await (await idResponse).json()) as { d_mid: string };
    const consentAt = await log.waitFor(
      (r) => edgeAction(r, pcm.serverOrigin) === "privacy/set-consent",
    );
    const body = JSON.parse(log.requests[consentAt]!.postData() ?? "{}") as {
      xdm?: { identityMap?: { ECID?: Array<{ id: string }> } };
    };
    expect(body.xdm?.identityMap?.ECID).toEqual([{ id: mid }]);
    const [view] = await pcm.waitForEvents(
      (e) => pageUrlOf(e) === url && e.eventType === PAGE_VIEW,
    );
    expect(view!.ecid).toBe(mid);
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
