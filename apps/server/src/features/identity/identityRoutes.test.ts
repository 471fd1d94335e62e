import { afterEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { testApp } from "../../main/testApp.ts";

const ORG = "5LIFTOFF0PCMARKETING0001@AdobeOrg";
let app: LiftoffApp;
afterEach(async () => {
  await app.close();
});

describe("GET /id (Visitor API 5.5.0)", () => {
  it("mints a MID and returns the fields the library reads, with credentialed CORS", async () => {
    app = testApp();
    const res = await app.inject({
      url: `/id?d_visid_ver=5.5.0&d_fieldgroup=MC&d_rtbd=json&d_ver=2&d_orgid=${encodeURIComponent(ORG)}&d_nsid=0&ts=1795286052000`,
      headers: { origin: "https://www.example.test" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("https://www.example.test");
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json<Record<string, unknown>>();
    expect(body.d_mid).toMatch(/^\d{38}$/);
    expect(body).toMatchObject({ id_sync_ttl: 604800, dcs_region: 1, ibs: [] });
    expect(typeof body.d_blob).toBe("string");
  });

  it("keeps a MID and blob the library already has, and answers JSONP", async () => {
    app = testApp();
    const mid = "24956584736510203647586970812341236631";
    const res = await app.inject({
      url: `/id?d_visid_ver=5.5.0&d_fieldgroup=AAM&d_orgid=${encodeURIComponent(ORG)}&d_mid=${mid}&d_blob=6G1ynYcLPuiQxYZrsz_pkqfLG9yMXBpb2zX5dvJdYQJzPXImdj0y&d_cid_ic=email%01abc%011&d_cb=s_c_il%5B1%5D._setMarketingCloudFields`,
    });
    expect(res.headers["content-type"]).toContain("text/javascript");
    const match = /^s_c_il\[1\]\._setMarketingCloudFields\((.*)\);$/.exec(res.body);
    const body = JSON.parse(match![1]!) as Record<string, unknown>;
    expect(body.d_mid).toBe(mid);
    expect(body.d_blob).toBe("6G1ynYcLPuiQxYZrsz_pkqfLG9yMXBpb2zX5dvJdYQJzPXImdj0y");
  });

  it("answers the Analytics form with an id", async () => {
    app = testApp();
    const res = await app.inject({
      url: `/id?d_visid_ver=5.5.0&mcorgid=${encodeURIComponent(ORG)}&d_fieldgroup=A`,
    });
    expect(res.json<{ id: string }>().id).toMatch(/^\d{38}$/);
  });

  it.each([
    ["no org id", "/id?d_visid_ver=5.5.0", "d_orgid"],
    ["a malformed org id", "/id?d_orgid=evil", "d_orgid"],
    ["a malformed MID", `/id?d_orgid=${encodeURIComponent(ORG)}&d_mid=abc`, "d_mid"],
    ["a script callback", `/id?d_orgid=${encodeURIComponent(ORG)}&d_cb=alert(1)//`, "d_cb"],
    [
      "an unknown field group",
      `/id?d_orgid=${encodeURIComponent(ORG)}&d_fieldgroup=X`,
      "d_fieldgroup",
    ],
    [
      "a repeated org id",
      `/id?d_orgid=${encodeURIComponent(ORG)}&d_orgid=${encodeURIComponent(ORG)}`,
      "d_orgid",
    ],
  ])("rejects %s with a 400 naming the field", async (_name, url, field) => {
    app = testApp();
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json()).toMatchObject({ errors: [{ path: field }] });
  });
});

describe("GET /optOutStatus and the ID-sync page", () => {
  it("reports the global opt-out from the demdex cookie", async () => {
    app = testApp();
    const none = await app.inject({ url: `/optOutStatus?d_orgid=${encodeURIComponent(ORG)}` });
    expect(none.json()).toEqual({ d_optout: "", d_ottl: 7200 });
    const out = await app.inject({
      url: "/optOutStatus?d_cb=cb",
      headers: { cookie: "demdex=NOTARGET" },
    });
    expect(out.body).toBe('cb({"d_optout":"global","d_ottl":7200});');
    expect((await app.inject({ url: "/optOutStatus?d_cb=1x" })).statusCode).toBe(400);
  });

  it("says the same in the /id answer, where the Visitor API reads it once an ECID is allowed", async () => {
    app = testApp();
    const url = `/id?d_orgid=${encodeURIComponent(ORG)}&d_visid_ver=5.5.0`;
    const none = (await app.inject({ url })).json<Record<string, unknown>>();
    expect(none).not.toHaveProperty("d_optout");
    expect(none.d_ottl).toBe(7200);
    const out = await app.inject({ url, headers: { cookie: "demdex=NOTARGET" } });
    expect(out.json()).toMatchObject({ d_optout: "global", d_ottl: 7200 });
  });

  it("serves the ID-sync destination page, locked down", async () => {
    app = testApp();
    const res = await app.inject({ url: "/dest5.html?d_nsid=0#https%3A%2F%2Fwww.example.test" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(res.body).toContain("<!doctype html>");
  });
});
