import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { pageView, post, testApp, testDatastreams } from "../../main/testApp.ts";

let app: LiftoffApp;
afterEach(async () => {
  await app.close();
});

interface LiveEvent {
  pageName: string;
  environmentId: string;
}

/** Opens the SSE stream; `ready` once subscribed, `events` once `count` events arrived. */
function collect(origin: string, query: string, count: number) {
  let onReady!: () => void;
  const ready = new Promise<void>((r) => (onReady = r));
  const events = new Promise<LiveEvent[]>((resolve, reject) => {
    const req = request(`${origin}/api/live?${query}`, (res) => {
      let buffer = "";
      const received: LiveEvent[] = [];
      res.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (message.startsWith(": connected")) onReady();
          const data = /^event: edge-event\ndata: (.*)$/m.exec(message);
          if (data) received.push(JSON.parse(data[1]!) as LiveEvent);
        }
        if (received.length >= count) {
          req.destroy();
          resolve(received);
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
  return { ready, events };
}

describe("events API and live stream", () => {
  it("lists stored events filtered by environment, and validates the query", async () => {
    app = testApp();
    await post(app, "v1/interact", { events: [pageView("a"), pageView("b")] });
    const res = await app.inject({
      url: "/api/events?environmentId=ENpcmarketingproduction&limit=1",
    });
    expect(res.json<{ events: { pageName: string }[] }>().events.map((e) => e.pageName)).toEqual([
      "b",
    ]);
    expect((await app.inject({ url: "/api/events?environmentId=ENnone" })).json()).toEqual({
      events: [],
    });
    const [latest] = res.json<{ events: { ecid: string }[] }>().events;
    const byEcid = await app.inject({ url: `/api/events?ecid=${latest!.ecid}` });
    expect(byEcid.json<{ events: { ecid: string }[] }>().events.map((e) => e.ecid)).toEqual([
      latest!.ecid,
      latest!.ecid,
    ]);
    expect((await app.inject({ url: "/api/events?ecid=nobody" })).json()).toEqual({ events: [] });
    expect((await app.inject({ url: "/api/events?ecid=%20" })).json()).toMatchObject({
      errors: [{ path: "ecid" }],
    });
    expect((await app.inject({ url: "/api/events?limit=0" })).statusCode).toBe(400);
    expect((await app.inject({ url: "/api/events?propertyId=%3Cx%3E" })).json()).toMatchObject({
      errors: [{ path: "propertyId" }],
    });
  });

  it("filters stored events by type, page URL text and time, pages by id, and bounds the query", async () => {
    app = testApp();
    const click = {
      xdm: {
        eventType: "web.webinteraction.linkClicks",
        web: {
          webPageDetails: { URL: "https://www.example.test/quote" },
          webInteraction: { name: "Get a quote", type: "other", URL: "https://x.test/q" },
        },
      },
    };
    await post(app, "v1/interact", { events: [pageView("a"), pageView("b")] });
    await post(app, "v1/interact", { events: [click] });
    type Page = { events: { id: number; eventType: string; pageName: string | null }[] };
    const get = async (query: string) =>
      (await app.inject({ url: `/api/events?${query}` })).json<Page>();
    const clicks = await get("eventType=web.webinteraction.linkClicks");
    expect(clicks.events.map((e) => e.eventType)).toEqual(["web.webinteraction.linkClicks"]);
    expect((await get("url=QUOTE")).events).toHaveLength(1);
    expect((await get("url=nowhere")).events).toEqual([]);
    const all = (await get("limit=2")).events;
    expect(all).toHaveLength(2);
    const older = (await get(`before=${all[1]!.id}`)).events;
    expect(older.map((e) => e.pageName)).toEqual(["a"]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await get(`from=${encodeURIComponent(future)}`)).events).toEqual([]);
    expect((await get(`to=${encodeURIComponent(future)}`)).events).toHaveLength(3);
    for (const [query, field] of [
      ["eventType=%3Cscript%3E", "eventType"],
      [`url=${"x".repeat(501)}`, "url"],
      ["from=yesterday", "from"],
      ["from=2026-11-21&to=2026-11-20", "from"],
      ["before=-1", "before"],
      ["before=1.5", "before"],
    ] as Array<[string, string]>) {
      const res = await app.inject({ url: `/api/events?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ errors: [{ path: field }] });
    }
  });

  it("streams committed events over SSE, only those of the chosen environment", async () => {
    app = testApp();
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const staging = testDatastreams.find((d) => d.stage === "staging")!;
    const stream = collect(
      origin,
      "propertyId=PRpcmarketing&environmentId=ENpcmarketingproduction",
      2,
    );
    await stream.ready;
    expect(app.live.subscribers).toBe(1);
    await post(
      app,
      "v1/interact",
      { events: [pageView("staging-only")] },
      { query: `configId=${staging.id}` },
    );
    await post(app, "v1/interact", { events: [pageView("prod-1"), pageView("prod-2")] });
    const events = await stream.events;
    expect(events.map((e) => e.pageName)).toEqual(["prod-1", "prod-2"]);
    expect(new Set(events.map((e) => e.environmentId))).toEqual(
      new Set(["ENpcmarketingproduction"]),
    );
    expect((await app.inject({ url: "/api/live?environmentId=%20" })).statusCode).toBe(400);
  });
});
