/**
 * Spec §6 (do-not-sell) and §7 "The calls it makes": the third-party tags, the hosted
 * scripts, the identity service and the edge, observed on the demo site's vendor
 * stand-ins, the browser's requests and the server.
 */
import { expect, test, type Page } from "@playwright/test";
import { demoUrl, openPage, startPcMarketing, type PcMarketing } from "./pcMarketing.ts";
import { recordRequests } from "./requestLog.ts";

let pcm: PcMarketing;
test.beforeAll(async () => {
  pcm = await startPcMarketing();
});
test.afterAll(() => pcm?.stop());

/** Vendor calls made since `since` whose path matches. */
const callsTo = (path: string, since: number) =>
  pcm.vendorCalls().filter((c) => c.time >= since && c.path === path);

async function waitForCall(path: string, since: number) {
  await expect.poll(() => callsTo(path, since).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return callsTo(path, since)[0]!;
}

async function loadedPage(page: Page, path = "/") {
  await openPage(page, demoUrl(pcm.demoOrigin, path));
  await page.waitForLoadState("load");
}

test.describe("spec §7: third-party tags", () => {
  const tags = [
    {
      tag: "ad pixel: init, limited data use, page view",
      path: "/vendor/pixel/collect",
      body: [
        ["dataProcessingOptions", ["LDU"], 0, 0],
        ["init", "PLACEHOLDER-PIXEL-ID"],
        ["track", "PageView"],
      ],
    },
    {
      tag: "marketing-automation tracker: site id, page view, tracking script",
      path: "/vendor/mat/collect",
      body: [["setSiteId", "PLACEHOLDER-SITE-ID"], ["trackPageView"]],
    },
    {
      tag: "professional-network insight tag: partner id",
      path: "/vendor/insight/collect",
      body: ["PLACEHOLDER-PARTNER-ID"],
    },
  ];
  for (const t of tags)
    test(t.tag, async ({ page }) => {
      const since = Date.now();
      await loadedPage(page);
      const call = await waitForCall(t.path, since);
      expect(JSON.parse(call.body)).toEqual(t.body);
    });
});

test.describe("spec §7: hosted scripts", () => {
  test("open UI change and form abandonment load at window load", async ({ page }) => {
    const since = Date.now();
    await loadedPage(page);
    await waitForCall("/vendor/hosted/open-ui-change.js", since);
    await waitForCall("/vendor/hosted/form-abandonment.js", since);
    await expect(page.locator("html")).toHaveAttribute("data-open-ui-change", "applied");
    expect(
      await page.evaluate(() => (window as { formAbandonment?: unknown }).formAbandonment),
    ).toEqual({
      dispatching: true,
    });
  });

  test("a hosted script that fails to load is logged; the page and other rules carry on", async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem("com.adobe.reactor.debug", "true"));
    const errors: string[] = [];
    const pageErrors: string[] = [];
    page.on("console", (m) => errors.push(m.text()));
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.route("**/vendor/hosted/open-ui-change.js", (route) => route.abort());
    const since = Date.now();
    await loadedPage(page);
    await expect
      .poll(() => errors.some((e) => /Failed to load script .*open-ui-change\.js/.test(e)))
      .toBe(true);
    await waitForCall("/vendor/hosted/form-abandonment.js", since);
    expect(pageErrors).toEqual([]);
  });
});

test.describe("spec §6: do-not-sell", () => {
  test("clicking the link with the flag true sets dnsCookie=optout through the hosted script; the pixel and insight tag stop, the tracker does not", async ({
    page,
    context,
  }) => {
    const log = recordRequests(page);
    const pathOf = (i: number) => new URL(log.requests[i]!.url()).pathname;
    await loadedPage(page);
    const clicked = Date.now();
    await page.click("a.do-not-sell");
    await waitForCall("/vendor/hosted/do-not-sell.js", clicked);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "dnsCookie")?.value)
      .toBe("optout");
    const reloaded = Date.now();
    const from = log.requests.length;
    await loadedPage(page);
    await waitForCall("/vendor/mat/collect", reloaded);
    // Sentinel: the form-abandonment script, loaded by the last window-load rule through the
    // same write queue as the pixel and insight rules before it. Had either run, its script
    // request would be ahead of this one in the browser's request order.
    const sentinelAt = await log.waitFor(
      (r, i) => i >= from && new URL(r.url()).pathname === "/vendor/hosted/form-abandonment.js",
    );
    const requested = Array.from({ length: sentinelAt - from }, (_, i) => pathOf(from + i));
    expect(requested).not.toContain("/vendor/pixel/events.js");
    expect(requested).not.toContain("/vendor/insight/insight.min.js");
    expect(callsTo("/vendor/pixel/events.js", reloaded)).toEqual([]);
    expect(callsTo("/vendor/insight/insight.min.js", reloaded)).toEqual([]);
  });

  test("with the flag not true the click loads no cookie script", async ({ page, context }) => {
    const log = recordRequests(page);
    await loadedPage(page);
    await page.evaluate(() => ((window as { dnsFlag?: unknown }).dnsFlag = false));
    const clicked = Date.now();
    await page.click("a.do-not-sell");
    // The click's rules run while it is dispatched, and the cookie rule's script would be
    // inserted then (its custom code runs in a write queue with nothing ahead of it): a
    // script the page inserts after the click is requested after it (the sentinel).
    const sentinel = `${pcm.demoOrigin}/vendor/hosted/sentinel.js?${clicked}`;
    await page.evaluate((src) => {
      const script = document.createElement("script");
      script.src = src;
      document.head.append(script);
    }, sentinel);
    const sentinelAt = await log.waitFor((r) => r.url() === sentinel);
    expect(log.requests.slice(0, sentinelAt).map((r) => new URL(r.url()).pathname)).not.toContain(
      "/vendor/hosted/do-not-sell.js",
    );
    expect(callsTo("/vendor/hosted/do-not-sell.js", clicked)).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === "dnsCookie")).toBeUndefined();
  });

  test("a dnsCookie that is not optout keeps the tags", async ({ page, context }) => {
    await context.addCookies([
      { name: "dnsCookie", value: "optin", domain: "127.0.0.1", path: "/" },
    ]);
    const since = Date.now();
    await loadedPage(page);
    await waitForCall("/vendor/pixel/collect", since);
    await waitForCall("/vendor/insight/collect", since);
  });
});

test.describe("spec §7: identity service and edge calls", () => {
  test("GET /id on the server with org id and version; the AMCV cookie holds the visitor id", async ({
    page,
    context,
  }) => {
    const idRequest = page.waitForRequest((r) => r.url().startsWith(`${pcm.serverOrigin}/id?`));
    await loadedPage(page);
    const url = new URL((await idRequest).url());
    expect(url.searchParams.get("d_orgid")).toBe("5LIFTOFF0PCMARKETING0001@AdobeOrg");
    expect(url.searchParams.get("d_visid_ver")).toBe("5.5.0");
    await expect
      .poll(async () =>
        decodeURIComponent(
          (await context.cookies()).find((c) => c.name.startsWith("AMCV_"))?.value ?? "",
        ),
      )
      .toMatch(/MCMID\|\d+/);
  });

  test("the SDK POSTs to the edge's interact path with a request id", async ({ page }) => {
    const edge = page.waitForRequest((r) => r.url().startsWith(`${pcm.serverOrigin}/ee/`));
    await loadedPage(page);
    const request = await edge;
    const url = new URL(request.url());
    expect(request.method()).toBe("POST");
    expect(url.pathname).toBe("/ee/v1/interact");
    expect(url.searchParams.get("configId")).toBe("pc-marketing-development");
    expect(url.searchParams.get("requestId")).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(request.postData() ?? "{}") as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(["events", "meta"]));
  });

  test("a first visit mints one ECID: the SDK waits for the identity service's and sends it, so both cookies name the same visitor", async ({
    page,
    context,
  }) => {
    const idResponse = page.waitForResponse((r) => r.url().startsWith(`${pcm.serverOrigin}/id?`));
    const interact = page.waitForRequest((r) => r.url().includes("/ee/v1/interact"));
    await loadedPage(page);
    const { d_mid: mid } = (await (await idResponse).json()) as { d_mid: string };
    const body = JSON.parse((await interact).postData() ?? "{}") as {
      xdm?: { identityMap?: { ECID?: Array<{ id: string }> } };
    };
    expect(mid).toMatch(/^\d{38}$/);
    expect(body.xdm?.identityMap?.ECID).toEqual([{ id: mid }]);
    // The edge keeps the ECID it was given: its identity cookie and the AMCV cookie agree.
    const response = await (await interact).response();
    const handles = ((await response!.json()) as { handle: Array<{ type: string; payload: any }> })
      .handle;
    const result = handles.find((h) => h.type === "identity:result")?.payload as Array<{
      id: string;
    }>;
    expect(result?.[0]?.id).toBe(mid);
    await expect
      .poll(async () =>
        decodeURIComponent(
          (await context.cookies()).find((c) => c.name.startsWith("AMCV_"))?.value ?? "",
        ),
      )
      .toContain(`MCMID|${mid}`);
  });
});
