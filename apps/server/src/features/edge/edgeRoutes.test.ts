import { afterEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import encodeTcStringForTest from "./encodeTcStringForTest.ts";
import { decodeIdentityCookie, encodeIdentityCookie } from "./identityCookie.ts";
import { DS, ORG_COOKIE, ORIGIN, pageView, post, testApp } from "../../main/testApp.ts";

interface Handle {
  type: string;
  payload: { id?: string; key?: string; value?: string; maxAge?: number; hint?: string }[];
}
const handles = (body: string) => (JSON.parse(body) as { handle: Handle[] }).handle;
const payloadOf = (body: string, type: string) =>
  handles(body).find((h) => h.type === type)!.payload;
const ecidOf = (body: string) => payloadOf(body, "identity:result")[0]!.id!;
const stored = (body: string, key: string) =>
  payloadOf(body, "state:store").find((c) => c.key === `${ORG_COOKIE}_${key}`);

let app: LiftoffApp;
afterEach(async () => {
  await app.close();
});

describe("POST /ee/v1/interact", () => {
  it("mints an ECID, answers alloy's handle shape with cookies and CORS, and stores the events", async () => {
    app = testApp();
    const res = await post(
      app,
      "v1/interact",
      {
        events: [
          pageView("pc:home", {
            _experience: {
              analytics: { event1to100: { event9: { value: 1 }, event1: { value: 1 } } },
            },
          }),
          {
            xdm: {
              eventType: "web.webinteraction.linkClicks",
              web: {
                webInteraction: {
                  type: "download",
                  URL: "https://www.example.test/a.pdf",
                  name: "a.pdf",
                },
              },
            },
          },
        ],
        query: { identity: { fetch: ["ECID"] } },
        meta: { state: { domain: "example.test", cookiesEnabled: true } },
      },
      { query: `configId=${DS}&requestId=0f6a5e1c-1111-4222-8333-444455556666` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(res.headers["access-control-expose-headers"]).toBe("x-adobe-edge, Retry-After");
    expect(res.headers["x-adobe-edge"]).toBe("LO1;1");
    const body = JSON.parse(res.body) as { requestId: string };
    expect(body.requestId).toBe("0f6a5e1c-1111-4222-8333-444455556666");
    const ecid = ecidOf(res.body);
    expect(ecid).toMatch(/^\d{38}$/);
    expect(decodeIdentityCookie(stored(res.body, "identity")!.value!)).toBe(ecid);
    expect(stored(res.body, "identity")!.maxAge).toBe(34_128_000);
    expect(stored(res.body, "cluster")).toMatchObject({ value: "lo1", maxAge: 1800 });
    expect(stored(res.body, "consent")).toBeUndefined();

    const events = await app.store.events.list({ requestId: body.requestId });
    expect(events).toHaveLength(2);
    const [link, view] = events;
    expect(view).toMatchObject({
      datastreamId: DS,
      propertyId: "PRpcmarketing",
      environmentId: "ENpcmarketingproduction",
      ecid,
      eventType: "web.webpagedetails.pageViews",
      pageName: "pc:home",
      pageUrl: "https://www.example.test/",
      siteSection: "Home",
      eventNumbers: "1,9",
      data: { custom: 1 },
    });
    expect(link).toMatchObject({ linkType: "download", linkUrl: "https://www.example.test/a.pdf" });
    expect((link!.xdm as { web: unknown }).web).toEqual({
      webInteraction: { type: "download", URL: "https://www.example.test/a.pdf", name: "a.pdf" },
    });
  });

  it("reuses the ECID from the Cookie header, from meta.state.entries, and from identityMap", async () => {
    app = testApp();
    const known = "12345678901234567890123456789012345678";
    const viaHeader = await post(
      app,
      "v1/interact",
      { events: [pageView()] },
      {
        headers: {
          cookie: `other=1; ${ORG_COOKIE}_identity=${encodeURIComponent(encodeIdentityCookie(known))}`,
        },
      },
    );
    expect(ecidOf(viaHeader.body)).toBe(known);
    const viaEntries = await post(app, "lo1/v1/interact", {
      events: [pageView()],
      meta: {
        state: { entries: [{ key: `${ORG_COOKIE}_identity`, value: encodeIdentityCookie(known) }] },
      },
    });
    expect(ecidOf(viaEntries.body)).toBe(known);
    const migrated = await post(app, "v1/interact", {
      events: [pageView()],
      xdm: { identityMap: { ECID: [{ id: known }] } },
    });
    expect(ecidOf(migrated.body)).toBe(known);
    const broken = await post(
      app,
      "v1/interact",
      { events: [pageView()] },
      {
        headers: { cookie: `${ORG_COOKIE}_identity=not-protobuf` },
      },
    );
    expect(ecidOf(broken.body)).not.toBe(known);
  });

  it("honours a configured edgeBasePath and the location hint segment", async () => {
    app = testApp({ edge: { basePath: "collect/edge" } });
    const res = await app.inject({
      method: "POST",
      url: `/collect/edge/or2/v1/interact?configId=${DS}&requestId=abc-1`,
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify({ events: [pageView()] }),
    });
    expect(res.statusCode).toBe(200);
    expect((await post(app, "v1/interact", { events: [pageView()] })).statusCode).toBe(404);
  });
});

describe("other edge endpoints", () => {
  it("collect answers 204 after storing", async () => {
    app = testApp();
    const res = await post(app, "lo1/v1/collect", { events: [pageView("pc:unload")] });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(res.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(await app.store.events.count({ datastreamId: DS })).toBe(1);
  });

  it("identity/acquire returns the identity and stores nothing", async () => {
    app = testApp();
    const res = await post(app, "v1/identity/acquire", {
      query: { identity: { fetch: ["ECID"] } },
      meta: { state: { domain: "", cookiesEnabled: true } },
    });
    expect(res.statusCode).toBe(200);
    expect(ecidOf(res.body)).toMatch(/^\d{38}$/);
    expect(await app.store.events.count()).toBe(0);
  });

  it("answers preflight and media pings", async () => {
    app = testApp();
    const pre = await app.inject({
      method: "OPTIONS",
      url: "/ee/v1/interact",
      headers: { origin: ORIGIN },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers["access-control-allow-origin"]).toBe(ORIGIN);
    const media = await post(app, "va/v1/play", { events: [{ xdm: { eventType: "media.play" } }] });
    expect(media.statusCode).toBe(204);
  });
});

describe("privacy/set-consent", () => {
  const consent = async (entries: unknown) => {
    const res = await post(app, "v1/privacy/set-consent", {
      consent: entries,
      identityMap: { EMAIL: [{ id: "a@b.c" }] },
      query: { identity: { fetch: ["ECID"] } },
    });
    return res;
  };
  const general = async (entries: unknown) =>
    stored((await consent(entries)).body, "consent")?.value;

  it("translates Adobe 1.0, Adobe 2.0 and IAB TCF 2.0 into the consent cookie", async () => {
    app = testApp();
    expect(await general([{ standard: "Adobe", version: "1.0", value: { general: "in" } }])).toBe(
      "general=in",
    );
    expect(await general([{ standard: "Adobe", version: "1.0", value: { general: "out" } }])).toBe(
      "general=out",
    );
    expect(
      await general([{ standard: "Adobe", version: "2.0", value: { collect: { val: "y" } } }]),
    ).toBe("general=in");
    expect(
      await general([
        {
          standard: "Adobe",
          version: "2.0",
          value: { collect: { val: "n" }, metadata: { time: "2026-01-01T00:00:00Z" } },
        },
      ]),
    ).toBe("general=out");
    const full = encodeTcStringForTest([1, 2, 10], [7, 565]);
    const noPurpose1 = encodeTcStringForTest([2, 10], [565]);
    const noAdobe = encodeTcStringForTest([1, 10], [7]);
    const no10 = encodeTcStringForTest([1], [565]);
    const tcf = (value: string, gdprApplies = true) => [
      { standard: "IAB TCF", version: "2.0", value, gdprApplies },
    ];
    expect(await general(tcf(full))).toBe("general=in");
    expect(await general(tcf(noPurpose1))).toBe("general=out");
    expect(await general(tcf(noAdobe))).toBe("general=out");
    expect(await general(tcf(no10))).toBe("general=in");
    expect(await general(tcf(noAdobe, false))).toBe("general=in");
    const res = await consent([{ standard: "Adobe", version: "1.0", value: { general: "in" } }]);
    expect(stored(res.body, "consent")!.maxAge).toBe(15_552_000);
    expect(await app.store.events.count()).toBe(0);
  });

  it.each([
    [
      "an unknown standard",
      [{ standard: "GPP", version: "1.0", value: "x" }],
      400,
      "EXEG-0102-400",
      "consent[0].standard",
    ],
    [
      "a wrong version",
      [{ standard: "Adobe", version: "3.0", value: { general: "in" } }],
      400,
      "EXEG-0102-400",
      "consent[0].standard",
    ],
    [
      "a missing value",
      [{ standard: "Adobe", version: "1.0" }],
      400,
      "EXEG-0103-400",
      "consent[0].value",
    ],
    [
      "an empty value",
      [{ standard: "Adobe", version: "1.0", value: {} }],
      422,
      "EXEG-0104-422",
      "consent[0].value",
    ],
    [
      "an empty TC string",
      [{ standard: "IAB TCF", version: "2.0", value: "" }],
      422,
      "EXEG-0104-422",
      "consent[0].value",
    ],
    ["an empty consent array", [], 422, "EXEG-0104-422", "consent"],
    ["no consent array", undefined, 400, "EXEG-0202-400", "consent"],
    [
      "a bad general value",
      [{ standard: "Adobe", version: "1.0", value: { general: "maybe" } }],
      400,
      "EXEG-0202-400",
      "consent[0].value.general",
    ],
    [
      "an undecodable TC string",
      [{ standard: "IAB TCF", version: "2.0", value: "!!!" }],
      400,
      "EXEG-0202-400",
      "consent[0].value",
    ],
  ])("rejects %s", async (_name, entries, status, code, field) => {
    app = testApp();
    const res = await consent(entries);
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    const problem = res.json<{ type: string; errors: Array<{ path: string }>; status: number }>();
    expect(problem.type).toContain(code);
    expect(problem.errors[0]!.path).toBe(field);
    expect(problem.status).toBe(status);
  });
});

describe("edge errors", () => {
  it("answers an unknown datastream with Adobe's EXEG-0003 problem and CORS headers", async () => {
    app = testApp();
    const res = await post(
      app,
      "v1/interact",
      { events: [pageView()] },
      { query: "configId=nope&requestId=r-1" },
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(res.json()).toMatchObject({
      type: "https://ns.adobe.com/aep/errors/EXEG-0003-400",
      status: 400,
      title: "Invalid datastream ID",
      errors: [{ path: "configId" }],
      report: { requestId: "r-1" },
    });
  });

  it("enforces a datastream's allowed origins", async () => {
    app = testApp();
    await app.ready();
    const ds = (await app.store.datastreams.get(DS))!;
    await app.store.datastreams.put({
      ...ds,
      id: "locked",
      allowedOrigins: ["https://www.example.test"],
    });
    const query = "configId=locked&requestId=r-2";
    expect((await post(app, "v1/interact", { events: [pageView()] }, { query })).statusCode).toBe(
      200,
    );
    const res = await post(
      app,
      "v1/interact",
      { events: [pageView()] },
      { query, headers: { origin: "https://evil.test" } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errors: [{ path: "origin" }] });
  });

  it("rate-limits per client with 429 and Retry-After", async () => {
    app = testApp({ rateLimitPerSecond: 1 });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await post(app, "v1/interact", { events: [pageView()] })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const res = await post(app, "v1/interact", { events: [pageView()] });
    expect(res.headers["retry-after"]).toBe("1");
    expect(res.headers["access-control-expose-headers"]).toContain("Retry-After");
  });

  it("answers 503 with Retry-After when the write queue is full, storing nothing", async () => {
    app = testApp({ writeQueue: { maxQueuedEvents: 2, retryAfterSeconds: 3 } });
    const res = await post(app, "v1/interact", { events: [pageView(), pageView(), pageView()] });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("3");
    expect(res.json()).toMatchObject({ type: "urn:liftoff:errors:EXEG-0208-503" });
    expect(await app.store.events.count()).toBe(0);
  });

  it("turns a storage failure into a logged 500 without internals", async () => {
    const store = new SqliteStore(":memory:");
    store.events.appendRequests = () => Promise.reject(new Error("SQLITE_FULL secret /var/lib/x"));
    app = testApp({ store });
    const res = await post(app, "v1/interact", { events: [pageView()] });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("SQLITE");
    expect(res.body).not.toContain("/var/lib");
    expect(res.json()).toMatchObject({ status: 500, title: "Internal server error" });
    await store.close();
  });

  it("drains queued writes on close: in-flight requests are answered 200 and stored", async () => {
    const store = new SqliteStore(":memory:");
    const append = store.events.appendRequests.bind(store.events);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    store.events.appendRequests = async (requests, windowMs) => {
      await gate;
      return append(requests, windowMs);
    };
    app = testApp({ store });
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const send = () =>
      fetch(`${origin}/ee/v1/interact?configId=${DS}`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ events: [pageView()] }),
      });
    const pending = Promise.all([send(), send(), send()]);
    while (app.writeQueue.size < 3) await new Promise((r) => setTimeout(r, 5));
    const closing = app.close();
    release();
    await closing;
    expect((await pending).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await store.events.count()).toBe(3);
    await store.close();
  });
});
