import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import createApp from "./createApp.ts";

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
  it("lists the seeded datastreams of the spec's property", async () => {
    const app = createApp();
    const res = await app.inject({ url: "/api/datastreams" });
    const ids = res.json<{ datastreams: { id: string; propertyId: string }[] }>().datastreams;
    expect(ids.map((d) => d.id)).toEqual([
      "pc-marketing-development",
      "pc-marketing-production",
      "pc-marketing-staging",
    ]);
    expect(new Set(ids.map((d) => d.propertyId))).toEqual(new Set(["PRpcmarketing"]));
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

  it("can start without seeding", async () => {
    const app = createApp({ seed: false });
    expect((await app.inject({ url: "/api/datastreams" })).json()).toEqual({ datastreams: [] });
    await app.close();
  });
});
