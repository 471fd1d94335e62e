import type { AuditEntry, DatastreamInfo } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";

let app: LiftoffApp;
let admin: Client;
const DS = "PRfixture-PRfixturedev";
const URL = `/api/datastreams/${DS}/allowed-origins`;
const SITE = "https://www.example.test";

/** A page view from a page on `origin` (no Origin header: a server-side client). */
const send = (origin?: string) =>
  app.inject({
    method: "POST",
    url: `/ee/v1/interact?configId=${DS}`,
    headers: { "content-type": "text/plain", ...(origin ? { origin } : {}) },
    payload: JSON.stringify({ events: [{ xdm: { eventType: "web.webpagedetails.pageViews" } }] }),
  });

beforeEach(async () => {
  app = apiApp();
  admin = await signIn(app, "admin", ADMIN_PASSWORD);
  expect((await admin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
    201,
  );
});
afterEach(async () => {
  await app.close();
});

describe("datastream allowed origins", () => {
  it("a new property's datastreams list no origin: pages are refused, servers accepted", async () => {
    const ds = (await admin.call("GET", `/api/datastreams/${DS}`)).json<DatastreamInfo>();
    expect(ds).toMatchObject({ id: DS, propertyId: "PRfixture", allowedOrigins: [] });
    const refused = await send(SITE);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toContain("application/problem+json");
    expect(refused.json()).toMatchObject({ status: 403, errors: [{ path: "origin" }] });
    expect((await send()).statusCode).toBe(200);
  });

  it("an admin sets them: listed pages are accepted at once, others refused, and it is audited", async () => {
    const res = await admin.call("PUT", URL, { allowedOrigins: [SITE, "http://127.0.0.1:8081"] });
    expect(res.statusCode).toBe(200);
    expect(res.json<DatastreamInfo>().allowedOrigins).toEqual([SITE, "http://127.0.0.1:8081"]);
    expect((await send(SITE)).statusCode).toBe(200);
    expect((await send("https://other.example.test")).statusCode).toBe(403);

    // Emptied again: the edge's cache does not keep the old list.
    await admin.call("PUT", URL, { allowedOrigins: [] });
    expect((await send(SITE)).statusCode).toBe(403);

    const audit = (await admin.call("GET", "/api/audit?propertyId=PRfixture")).json<AuditEntry[]>();
    expect(audit.slice(0, 2)).toMatchObject([
      { user: "admin", action: "datastream.origins", target: DS, detail: { after: [] } },
      {
        user: "admin",
        action: "datastream.origins",
        target: DS,
        detail: { before: [], after: [SITE, "http://127.0.0.1:8081"] },
      },
    ]);
  });

  it("refuses what could never match a browser's Origin, naming the entry", async () => {
    const cases: Array<[unknown, string]> = [
      [undefined, "allowedOrigins"],
      ["https://a.test", "allowedOrigins"],
      [Array(101).fill(SITE), "allowedOrigins"],
      [["https://*.example.test"], "allowedOrigins[0]"],
      [["*"], "allowedOrigins[0]"],
      [[SITE, "https://www.example.test/shop"], "allowedOrigins[1]"],
      [[`${SITE}/`], "allowedOrigins[0]"],
      [["HTTPS://WWW.EXAMPLE.TEST"], "allowedOrigins[0]"],
      [["https://www.example.test:443"], "allowedOrigins[0]"],
      [["ftp://files.example.test"], "allowedOrigins[0]"],
      [["www.example.test"], "allowedOrigins[0]"],
      [[42], "allowedOrigins[0]"],
      [[SITE, SITE], "allowedOrigins[1]"],
    ];
    for (const [allowedOrigins, field] of cases) {
      const res = await admin.call("PUT", URL, { allowedOrigins });
      expect(res.statusCode, JSON.stringify(allowedOrigins)).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json(), JSON.stringify(allowedOrigins)).toMatchObject({
        errors: [{ path: field }],
      });
    }
    const suggested = await admin.call("PUT", URL, { allowedOrigins: [`${SITE}/`] });
    expect(suggested.json<{ detail: string }>().detail).toContain(SITE);
    const ds = (await admin.call("GET", `/api/datastreams/${DS}`)).json<DatastreamInfo>();
    expect(ds.allowedOrigins).toEqual([]);
  });

  it("takes an IPv6 host and a non-default port", async () => {
    const origins = ["http://[::1]:8081", "https://shop.example.test:8443"];
    const res = await admin.call("PUT", URL, { allowedOrigins: origins });
    expect(res.json<DatastreamInfo>().allowedOrigins).toEqual(origins);
  });

  it("is for admins; viewers read; unknown datastreams are 404", async () => {
    const editor = await clientWith(app, admin, "editor");
    const viewer = await clientWith(app, admin, "viewer");
    expect((await editor.call("PUT", URL, { allowedOrigins: [SITE] })).statusCode).toBe(403);
    expect((await viewer.call("GET", `/api/datastreams/${DS}`)).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: `/api/datastreams/${DS}` })).statusCode).toBe(
      401,
    );
    const missing = await admin.call("PUT", "/api/datastreams/nope/allowed-origins", {
      allowedOrigins: [],
    });
    expect(missing.statusCode).toBe(404);
    expect((await admin.call("GET", "/api/datastreams/nope")).statusCode).toBe(404);
  });
});
