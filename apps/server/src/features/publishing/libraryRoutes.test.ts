import { afterEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { testApp } from "../../main/testApp.ts";

const URL = "/libs/PRpcmarketing/ENpcmarketingproduction/launch.min.js";
let app: LiftoffApp;
afterEach(async () => {
  await app.close();
});

async function publish(body: string) {
  await app.ready();
  return app.store.libraries.put({
    propertyId: "PRpcmarketing",
    environmentId: "ENpcmarketingproduction",
    fileName: "launch.min.js",
    contentType: "text/javascript; charset=utf-8",
    body: Buffer.from(body),
    cacheControl: "public, max-age=3600",
  });
}

describe("library hosting", () => {
  it("serves a published library at its stable URL with its stored cache control, ETag and 304", async () => {
    app = testApp();
    const first = await publish("window._satellite={container:{}};");
    const res = await app.inject({ url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("window._satellite={container:{}};");
    expect(res.headers["content-type"]).toContain("text/javascript");
    expect(res.headers.etag).toBe(first.etag);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.headers["last-modified"]).toBeTruthy();
    const cached = await app.inject({ url: URL, headers: { "if-none-match": first.etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe("");
    // A new publish changes the bytes behind the same URL and the ETag.
    const second = await publish("window._satellite={container:{v:2}};");
    const fresh = await app.inject({ url: URL, headers: { "if-none-match": first.etag } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe(second.etag);
  });

  it("answers 404 for a missing library and 400 for a malformed path", async () => {
    app = testApp();
    expect((await app.inject({ url: URL })).statusCode).toBe(404);
    const bad = await app.inject({ url: "/libs/PR1/EN1/..%2Fsecret.js" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ path: "fileName" }] });
    const long = await app.inject({ url: `/libs/PR1/EN1/${"a".repeat(300)}.js` });
    expect(long.statusCode).toBe(414);
    expect(long.headers["content-type"]).toContain("application/problem+json");
  });

  it("serves the dynamic host allow list and enforces it once it has entries", async () => {
    app = testApp();
    await publish("ok();");
    expect((await app.inject({ url: "/libs/allowed-hosts.json" })).json()).toEqual({ hosts: [] });
    expect((await app.inject({ url: URL, headers: { host: "anything.test" } })).statusCode).toBe(
      200,
    );
    await app.store.hosts.add("tags.example.test");
    expect((await app.inject({ url: "/libs/allowed-hosts.json" })).json()).toEqual({
      hosts: ["tags.example.test"],
    });
    expect(
      (await app.inject({ url: URL, headers: { host: "tags.example.test:8443" } })).statusCode,
    ).toBe(200);
    const refused = await app.inject({ url: URL, headers: { host: "evil.test" } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toContain(
      "This library is not authorized for this domain. Please contact your CSM for more information.",
    );
  });
});
