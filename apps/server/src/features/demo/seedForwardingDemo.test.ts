import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import createApp, { type LiftoffApp } from "../../main/createApp.ts";
import { ADMIN_PASSWORD } from "../../main/testSupport.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import { FORWARDING_FILE } from "../publishing/Publisher.ts";
import loadDemoModules from "./loadDemoModules.ts";
import startDemoSite, { type DemoSite } from "./startDemoSite.ts";

const quiet = { adminPassword: ADMIN_PASSWORD, print: () => undefined };
const EDGE = "PRpcforwarding";

interface VendorCall {
  method: string;
  path: string;
  body: string;
}

/** Waits until the demo site's stand-ins have recorded a call `match` accepts (10 s at most). */
function callFor(demo: DemoSite, match: (call: VendorCall) => boolean): Promise<VendorCall> {
  return vi.waitFor(
    async () => {
      const calls = (await (await fetch(`${demo.origin}/__calls`)).json()) as VendorCall[];
      const found = calls.find(match);
      if (!found)
        throw new Error(
          `no such call among ${calls.map((c) => `${c.method} ${c.path}`).join(", ")}`,
        );
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** A page view from the demo site to its development datastream, as its Web SDK sends it. */
function pageView(app: LiftoffApp, demo: DemoSite, url: string, share: "y" | "n") {
  const requestId = randomUUID();
  return app
    .inject({
      method: "POST",
      url: `/ee/v1/interact?configId=pc-marketing-development&requestId=${requestId}`,
      headers: { "content-type": "text/plain; charset=UTF-8", origin: demo.origin },
      payload: JSON.stringify({
        events: [
          {
            xdm: {
              eventType: "web.webpagedetails.pageViews",
              web: { webPageDetails: { URL: url, name: "pc:home", pageViews: { value: 1 } } },
              consent: { share: { val: share } },
            },
          },
        ],
      }),
    })
    .then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return requestId;
    });
}

// Each start seeds and publishes pc-marketing to three environments: seconds, not milliseconds.
describe("liftoff serve --demo --demo-variant server-side", { timeout: 60_000 }, () => {
  it("seeds the forwarding property, and the stand-ins get the vendor calls from the server, share withheld on do not sell", async () => {
    const demo = await startDemoSite(
      await loadDemoModules(),
      { host: "127.0.0.1", port: 0 },
      "server-side",
    );
    const store = new SqliteStore(":memory:");
    const app = createApp({
      store,
      rateLimitPerSecond: 0,
      auth: quiet,
      forwarding: { ephemeralSecrets: true },
      demo: demo.options("http://127.0.0.1:9"),
    });
    try {
      await app.ready();
      const port = new URL(demo.origin).port;
      // The web property is the variant: the three tags are gone from the page.
      const web = await app.inject({
        url: "/libs/PRpcmarketing/ENpcmarketingdevelopment/launch.min.js",
      });
      expect(web.statusCode).toBe(200);
      expect(web.body).not.toContain("/pixel/events.js");
      expect(web.body).toContain("share consent");
      // The forwarding property: published, allowed to send to the stand-ins, secret set.
      for (const stage of ["development", "staging", "production"]) {
        const environmentId = `ENpcforwarding${stage}`;
        expect(await store.libraries.get(EDGE, environmentId, FORWARDING_FILE), stage).toBeTruthy();
        expect((await store.datastreams.get(`pc-marketing-${stage}`))?.forwarding).toEqual({
          propertyId: EDGE,
          environmentId,
        });
      }
      expect(await store.forwarding.hosts(EDGE)).toEqual([
        { host: `127.0.0.1:${port}`, allowPrivate: true },
        { host: `localhost:${port}`, allowPrivate: true },
      ]);
      expect((await store.forwarding.secrets(EDGE)).map((s) => s.name)).toEqual(
        Array(3).fill("adPixelAccessToken"),
      );

      await fetch(`${demo.origin}/__calls`, { method: "DELETE" });
      await pageView(app, demo, `${demo.origin}/shared`, "y");
      const pixel = await callFor(demo, (c) => c.path.endsWith("/events"));
      expect(pixel.path).toBe("/vendor/pixel/PLACEHOLDER-PIXEL-ID/events");
      expect(JSON.parse(pixel.body)).toMatchObject({
        data: [
          {
            event_name: "PageView",
            action_source: "website",
            event_source_url: `${demo.origin}/shared`,
            custom_data: { page_name: "pc:home" },
          },
        ],
      });
      const mat = await callFor(demo, (c) => c.path === "/vendor/mat/collect");
      expect(JSON.parse(mat.body)).toMatchObject([
        ["setSiteId", "PLACEHOLDER-SITE-ID"],
        ["trackPageView", { url: `${demo.origin}/shared`, title: "pc:home" }],
        ["setVisitorId", expect.stringMatching(/^\d{38}$/)],
      ]);
      const insight = await callFor(demo, (c) => c.path === "/vendor/insight/collect");
      expect(JSON.parse(insight.body)).toMatchObject({
        partnerIds: ["PLACEHOLDER-PARTNER-ID"],
        url: `${demo.origin}/shared`,
      });

      // Do not sell: the tracker (collect) still gets the page view, the two share
      // destinations do not. The tracker's call comes from the plan that withheld them, so
      // once it arrived nothing else of that event can be sent.
      const optedOut = await pageView(app, demo, `${demo.origin}/opted-out`, "n");
      await callFor(demo, (c) => c.path === "/vendor/mat/collect" && c.body.includes("/opted-out"));
      const deliveries = await store.forwarding.list(EDGE, { limit: 100 });
      expect(deliveries.filter((d) => d.requestId === optedOut).map((d) => d.ruleName)).toEqual([
        "Marketing Automation Tracker",
      ]);
      const calls = (await (await fetch(`${demo.origin}/__calls`)).json()) as VendorCall[];
      expect(calls.filter((c) => c.body.includes("/opted-out")).map((c) => c.path)).toEqual([
        "/vendor/mat/collect",
      ]);
    } finally {
      await app.close();
      await store.close();
      await demo.close();
    }
  });

  it("warns when the data folder's web property still loads the tags the server sends", async () => {
    const modules = await loadDemoModules();
    const store = new SqliteStore(":memory:");
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // First start without the variant, then with it, on the same store.
    for (const variant of ["client-side", "server-side"] as const) {
      const demo = await startDemoSite(modules, { host: "127.0.0.1", port: 0 }, variant);
      const app = createApp({
        store,
        rateLimitPerSecond: 0,
        auth: quiet,
        logger: { level: "info", stream },
        forwarding: { ephemeralSecrets: true },
        demo: demo.options(undefined),
      });
      try {
        await app.ready();
      } finally {
        await app.close();
        await demo.close();
      }
    }
    await store.close();
    const warning = lines.find((l) => l.includes("still runs the rules the forwarding property"));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({
      rules: ["Ad Pixel", "Marketing Automation Tracker", "Insight Tag"],
    });
  });
});
