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
