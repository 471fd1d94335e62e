import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, apiApp, clientWith, signIn, type Client } from "../main/testSupport.ts";
import { metricsTokenFrom } from "../main/cli.ts";
import type { LiftoffApp } from "../main/createApp.ts";

const TOKEN = "0123456789abcdef0123456789abcdef-scrape";

describe("GET /metrics access: an admin session, or the operator's scrape token", () => {
  let app: LiftoffApp;
  let admin: Client;
  let viewer: Client;
  beforeAll(async () => {
    app = apiApp({ metricsToken: TOKEN });
    admin = await signIn(app, "admin", ADMIN_PASSWORD);
    viewer = await clientWith(app, admin, "viewer");
  });
  afterAll(() => app.close());

  const scrape = (authorization?: string, url = "/metrics") =>
    app.inject({ url, headers: authorization === undefined ? {} : { authorization } });

  it("answers the token and an admin session", async () => {
    const byToken = await scrape(`Bearer ${TOKEN}`);
    expect(byToken.statusCode).toBe(200);
    expect(byToken.body).toContain("# TYPE liftoff_refused_requests_total counter");
    expect((await admin.call("GET", "/metrics")).statusCode).toBe(200);
  });

  it("refuses no token, a wrong or altered one, another scheme, and a viewer", async () => {
    for (const authorization of [
      undefined,
      "Bearer ",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `bearer ${TOKEN}`,
      `Basic ${TOKEN}`,
      `Bearer  ${TOKEN}`,
    ])
      expect((await scrape(authorization)).statusCode, String(authorization)).toBe(401);
    expect((await viewer.call("GET", "/metrics")).statusCode).toBe(403);
  });

  it("admits nothing else: the token opens no other admin route", async () => {
    expect((await scrape(`Bearer ${TOKEN}`, "/api/users")).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`, "/api/audit")).statusCode).toBe(401);
  });
});

describe("LIFTOFF_METRICS_TOKEN", () => {
  it("is optional", () => {
    expect(metricsTokenFrom({})).toBeUndefined();
    expect(metricsTokenFrom({ LIFTOFF_METRICS_TOKEN: "" })).toBeUndefined();
    expect(metricsTokenFrom({ LIFTOFF_METRICS_TOKEN: TOKEN })).toBe(TOKEN);
  });

  it.each(["short", "a".repeat(31), `${"a".repeat(32)} b`, `${"a".repeat(32)}é`])(
    "refuses %j, naming the variable",
    (token) => {
      expect(() => metricsTokenFrom({ LIFTOFF_METRICS_TOKEN: token })).toThrow(
        /^LIFTOFF_METRICS_TOKEN: expected at least 32 printable ASCII characters/,
      );
    },
  );
});
