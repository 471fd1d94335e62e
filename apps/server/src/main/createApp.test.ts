import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, signIn } from "./testSupport.ts";
import createApp from "./createApp.ts";
import { SqliteStore } from "../store/SqliteStore.ts";

describe("server app", () => {
  it("answers /healthz", async () => {
    const app = createApp();
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", version: "0.1.0" });
  });

  it("serves the landing page", async () => {
    const res = await createApp().inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("<h1>Liftoff</h1>");
  });

  it("serves the studio folder with a client-route fallback, and never outside it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "studio-"));
    writeFileSync(join(dir, "index.html"), "<div id=root></div>");
    writeFileSync(join(dir, "app.js"), "console.log(1)");
    const app = createApp({ studioDir: dir });
    expect((await app.inject({ url: "/studio/app.js" })).headers["content-type"]).toContain(
      "text/javascript",
    );
    expect((await app.inject({ url: "/studio/rules/42" })).body).toBe("<div id=root></div>");
    expect((await app.inject({ url: "/studio/..%2f..%2fetc%2fpasswd" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/studio/missing.js" })).statusCode).toBe(404);
  });
});

describe("server app APIs", () => {
  it("starts without any datastream", async () => {
    const app = createApp({ auth: "off-for-tests" });
    expect((await app.inject({ url: "/api/datastreams" })).json()).toEqual({ datastreams: [] });
    await app.close();
  });

  it("answers unknown paths with a 404 problem", async () => {
    const app = createApp();
    const res = await app.inject({ url: "/nothing/here" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json()).toMatchObject({ status: 404, type: "urn:liftoff:errors:EXEG-0209-404" });
    await app.close();
  });
});

describe("first start on a fresh SQLite file (as liftoff serve runs without --demo)", () => {
  it("creates the admin and nothing else: no property, no datastream, no library", async () => {
    const dir = mkdtempSync(join(tmpdir(), "liftoff-empty-"));
    const store = new SqliteStore(join(dir, "liftoff.db"));
    const app = createApp({
      store,
      rateLimitPerSecond: 0,
      auth: { adminPassword: ADMIN_PASSWORD, print: () => undefined },
    });
    try {
      const admin = await signIn(app, "admin", ADMIN_PASSWORD);
      expect((await admin.call("GET", "/api/properties")).json()).toEqual([]);
      expect((await admin.call("GET", "/api/datastreams")).json()).toEqual({ datastreams: [] });
      expect((await admin.call("GET", "/api/users")).json()).toMatchObject([{ username: "admin" }]);
      expect(
        (await app.inject({ url: "/libs/PRpcmarketing/ENpcmarketingdevelopment/launch.min.js" }))
          .statusCode,
      ).toBe(404);
      // The datastreams a demo would have used do not exist: the edge takes no event at all.
      const sent = await app.inject({
        method: "POST",
        url: "/ee/v1/interact?configId=pc-marketing-development",
        headers: { "content-type": "text/plain" },
        payload: JSON.stringify({
          events: [{ xdm: { eventType: "web.webpagedetails.pageViews" } }],
        }),
      });
      expect(sent.statusCode).toBe(400);
      expect(sent.json()).toMatchObject({ errors: [{ path: "configId" }] });
    } finally {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
