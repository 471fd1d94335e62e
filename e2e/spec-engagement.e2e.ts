/**
 * Spec §4 "scroll and time rules fire once", "time-and-scroll after both thresholds",
 * "media time-played once per threshold" and spec §9 scroll/video constants and event
 * numbers, from the events our server stored.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  demoUrl,
  openPage,
  pageUrlOf,
  startPcMarketing,
  xdmOf,
  type PcMarketing,
  type StoredEvent,
} from "./pcMarketing.ts";
import { edgeEvents, recordRequests, sendSentinel, type RequestLog } from "./requestLog.ts";

let pcm: PcMarketing;
test.beforeAll(async () => {
  pcm = await startPcMarketing();
});
test.afterAll(() => pcm?.stop());

const interactions = async (url: string) =>
  (await pcm.events()).filter(
    (e) => e.eventType === "web.webinteraction.linkClicks" && pageUrlOf(e) === url,
  );
const named = (events: StoredEvent[], name: string) =>
  events.filter((e) => xdmOf(e).web.webInteraction?.name === name);
const eventNumbers = (e: StoredEvent) =>
  Object.keys(xdmOf(e)._experience.analytics.event1to100 ?? {});

/** Scrolls so that the bottom of the window is at `percent` of the page height. */
const scrollTo = (page: Page, percent: number) =>
  page.evaluate((p) => {
    const height = document.documentElement.scrollHeight;
    window.scrollTo(0, Math.max(0, (height * p) / 100 - window.innerHeight));
  }, percent);

/**
 * Scrolls like `scrollTo` and resolves once the page has handled the scroll event, plus
 * `settleMs` from a timer started after the rules' own (the scroll-depth rules measure 10 ms
 * after the last scroll event). Listeners run in the order they were added, so every rule
 * the scroll fires has handed its event to alloy by then.
 */
const scrollAndSettle = (page: Page, percent: number, settleMs = 0) =>
  page.evaluate(
    ([p, settle]) =>
      new Promise<void>((resolve) => {
        const height = document.documentElement.scrollHeight;
        const top = Math.max(0, (height * p!) / 100 - window.innerHeight);
        if (Math.abs(window.scrollY - top) < 1) return resolve();
        addEventListener("scroll", () => setTimeout(resolve, settle), { once: true });
        window.scrollTo({ top, behavior: "instant" });
      }),
    [percent, settleMs],
  );

/** Names of the interactions the page sent before the request at `end` in the log. */
const sentBefore = (log: RequestLog, end: number) =>
  log.requests
    .slice(0, end)
    .flatMap(edgeEvents)
    .map((e) => e.xdm?.web?.webInteraction?.name as string | undefined);

test.describe("spec §4, §9: scroll depth 25/50/75/100 → events 18/19/20/21, once each", () => {
  test("a long page fires each threshold once as it is reached, whatever the order", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    const url = demoUrl(pcm.demoOrigin, "/pcg/auto/coverage");
    await openPage(page, url);
    const table = [
      [30, "scroll 25%", "event18"],
      [55, "scroll 50%", "event19"],
      [80, "scroll 75%", "event20"],
      [100, "scroll 100%", "event21"],
    ] as const;
    for (const [depth, name, event] of table) {
      await scrollTo(page, depth);
      const [fired] = await pcm.waitForEvents(
        (e) => pageUrlOf(e) === url && xdmOf(e).web.webInteraction?.name === name,
      );
      expect(eventNumbers(fired!)).toEqual([event]);
    }
    // Up and down again: nothing fires twice. The sentinel event goes after both scrolls
    // have been measured; a threshold that fired again would be sent before it.
    const log = recordRequests(page);
    await scrollAndSettle(page, 0, 10);
    await scrollAndSettle(page, 100, 10);
    const sentinelAt = await sendSentinel(page, log);
    await log.settled();
    expect(sentBefore(log, sentinelAt)).toEqual([]);
    const all = await interactions(url);
    for (const [, name] of table) expect(named(all, name), name).toHaveLength(1);
  });

  test("a short page fires all four at once (fire on short pages)", async ({ page }) => {
    const url = demoUrl(pcm.demoOrigin, "/pcg/page-not-found");
    await openPage(page, url);
    const fired = await pcm.waitForEvents(
      (e) => pageUrlOf(e) === url && /^scroll \d+%$/.test(xdmOf(e).web.webInteraction?.name ?? ""),
      4,
    );
    expect(fired.flatMap(eventNumbers).sort()).toEqual([
      "event18",
      "event19",
      "event20",
      "event21",
    ]);
  });
});

test.describe("spec §4, §9: time-and-scroll (50 %, 30 s, 100 ms)", () => {
  test("fires once, only after both the scroll depth and the time are reached", async ({
    page,
  }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 1280, height: 600 });
    const log = recordRequests(page);
    const url = demoUrl(pcm.demoOrigin, "/pcg/auto/coverage/options");
    await openPage(page, url);
    await scrollAndSettle(page, 60);
    // Fires every timer due in 5 s (the rule's first measurement among them); the sentinel
    // goes after them, so a premature "time and scroll" would be sent before it.
    await page.clock.fastForward(5_000);
    const early = await sendSentinel(page, log);
    await log.settled();
    expect(sentBefore(log, early)).not.toContain("time and scroll");
    expect(named(await interactions(url), "time and scroll")).toEqual([]);
    await page.clock.fastForward(26_000);
    await pcm.waitForEvents(
      (e) => pageUrlOf(e) === url && xdmOf(e).web.webInteraction?.name === "time and scroll",
    );
    await page.clock.fastForward(31_000);
    const late = await sendSentinel(page, log);
    await log.settled();
    expect(sentBefore(log, late).filter((name) => name === "time and scroll")).toHaveLength(1);
    expect(named(await interactions(url), "time and scroll")).toHaveLength(1);
  });

  test("time alone is not enough", async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 1280, height: 600 });
    const log = recordRequests(page);
    const url = demoUrl(pcm.demoOrigin, "/pcg/auto/coverage/options/liability");
    await openPage(page, url);
    // Every timer due in 31 s has fired, the rule's 30 s one among them; the sentinel goes
    // after them, so a "time and scroll" on time alone would be sent before it.
    await page.clock.fastForward(31_000);
    const sentinelAt = await sendSentinel(page, log);
    await log.settled();
    expect(sentBefore(log, sentinelAt)).not.toContain("time and scroll");
    expect(named(await interactions(url), "time and scroll")).toEqual([]);
  });
});

test.describe("spec §4, §9: video milestones", () => {
  test("play 12, 25/50/75 % 13/14/15 once each, complete 16; video name is the file name", async ({
    page,
  }) => {
    test.setTimeout(45_000);
    const url = demoUrl(pcm.demoOrigin, "/pcg/resources/media");
    await openPage(page, url);
    await pcm.waitForEvents(
      (e) => pageUrlOf(e) === url && e.eventType === "web.webpagedetails.pageViews",
    );
    await page.evaluate(() => (document.querySelector("video") as HTMLVideoElement).play());
    const table = [
      ["video play", "event12"],
      ["video 25%", "event13"],
      ["video 50%", "event14"],
      ["video 75%", "event15"],
      ["video complete", "event16"],
    ] as const;
    for (const [name, event] of table) {
      const [fired] = await pcm.waitForEvents(
        (e) => pageUrlOf(e) === url && xdmOf(e).web.webInteraction?.name === name,
        1,
        15_000,
      );
      expect(eventNumbers(fired!), name).toEqual([event]);
      expect(xdmOf(fired!)._experience.analytics.customDimensions.eVars.eVar14).toBe(
        "claims-explained.wav",
      );
    }
    const all = await interactions(url);
    for (const [name] of table) expect(named(all, name), name).toHaveLength(1);
  });
});
