import type { AuditEntry, UserInfo } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import type { AppOptions, LiftoffApp } from "../../main/createApp.ts";
import { sessionCookie } from "./accountRoutes.ts";
import { ADMIN_PASSWORD, apiApp, clientWith, signIn } from "../../main/testSupport.ts";

let current: LiftoffApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

function start(options?: AppOptions): LiftoffApp {
  current = apiApp(options);
  return current;
}

describe("sessions", () => {
  it("signs in with an httpOnly SameSite=Lax cookie and a CSRF token; GET returns the same", async () => {
    const app = start();
    const res = await app.inject({
      method: "POST",
      url: "/api/session",
      payload: { username: "admin", password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(
      /^liftoff_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/,
    );
    const body = res.json<{ user: UserInfo; csrfToken: string }>();
    expect(body.user).toMatchObject({ username: "admin", role: "admin" });
    expect(body.user).not.toHaveProperty("passwordHash");
    const again = await app.inject({
      url: "/api/session",
      headers: { cookie: cookie.split(";")[0]! },
    });
    expect(again.json()).toEqual(body);
  });

  it("marks the cookie Secure over https", () => {
    expect(sessionCookie(true, "t", 60)).toBe(
      "liftoff_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure",
    );
    expect(sessionCookie(false, "t", 60)).not.toContain("Secure");
  });

  it("answers 401 problem+json for a wrong password, an unknown user and no session", async () => {
    const app = start();
    for (const payload of [
      { username: "admin", password: "wrong password" },
      { username: "nobody", password: ADMIN_PASSWORD },
    ]) {
      const res = await app.inject({ method: "POST", url: "/api/session", payload });
      expect(res.statusCode).toBe(401);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json()).toMatchObject({
        status: 401,
        type: "urn:liftoff:errors:api:bad-credentials",
      });
    }
    const none = await app.inject({ url: "/api/session" });
    expect(none.statusCode).toBe(401);
    const forged = await app.inject({
      url: "/api/properties",
      headers: { cookie: "liftoff_session=forged" },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("names the field of a bad sign-in body", async () => {
    const app = start();
    for (const [payload, field] of [
      ["not json", "body"],
      [JSON.stringify({ username: "admin" }), "password"],
      [JSON.stringify({ username: 7, password: "x" }), "username"],
      [JSON.stringify([1]), "body"],
    ] as const) {
      const res = await app.inject({
        method: "POST",
        url: "/api/session",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ path: field }] });
    }
  });

  it("refuses a sixth failed sign-in from one address in the window with 429 and Retry-After, even with the right password", async () => {
    const app = start();
    for (let i = 0; i < 5; i++)
      expect(
        (
          await app.inject({
            method: "POST",
            url: "/api/session",
            payload: { username: "admin", password: `guess ${i}` },
          })
        ).statusCode,
      ).toBe(401);
    const blocked = await app.inject({
      method: "POST",
      url: "/api/session",
      payload: { username: "admin", password: ADMIN_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
  });

  it("stops password spraying: 4 wrong and 1 right sign-in, repeated from one address, reach 429", async () => {
    const app = start();
    const from = (remoteAddress: string, username: string, password: string) =>
      app.inject({
        method: "POST",
        url: "/api/session",
        remoteAddress,
        payload: { username, password },
      });
    const statuses: number[] = [];
    for (let round = 0; round < 6 && !statuses.includes(429); round++) {
      for (let i = 0; i < 4; i++)
        statuses.push((await from("198.51.100.7", `user${round}x${i}`, "Winter2026!")).statusCode);
      statuses.push((await from("198.51.100.7", "admin", ADMIN_PASSWORD)).statusCode);
    }
    // 20 failures from the address (defaultLoginLimits.perAddress), whatever succeeded between.
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await from("198.51.100.8", "admin", ADMIN_PASSWORD)).statusCode).toBe(200);
    // 26 sign-ins one after another, each an scrypt hash: over 5 s on a loaded 2-core machine.
  }, 20_000);

  it("lets the owner sign in from a fresh address while an attacker's address is locked out of the account", async () => {
    const app = start();
    const from = (remoteAddress: string, password: string) =>
      app.inject({
        method: "POST",
        url: "/api/session",
        remoteAddress,
        payload: { username: "admin", password },
      });
    for (let i = 0; i < 5; i++)
      expect((await from("203.0.113.9", `guess ${i}`)).statusCode).toBe(401);
    expect((await from("203.0.113.9", ADMIN_PASSWORD)).statusCode).toBe(429);
    expect((await from("192.0.2.44", ADMIN_PASSWORD)).statusCode).toBe(200);
    // The owner's success does not unlock the attacker's address.
    expect((await from("203.0.113.9", ADMIN_PASSWORD)).statusCode).toBe(429);
  });

  it("takes sign-in only as application/json (415 naming content-type)", async () => {
    const app = start();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", undefined]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/session",
        headers: type ? { "content-type": type } : {},
        payload: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
      });
      expect(res.statusCode).toBe(415);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.json()).toMatchObject({ status: 415, errors: [{ path: "content-type" }] });
    }
    const ok = await app.inject({
      method: "POST",
      url: "/api/session",
      headers: { "content-type": "application/json; charset=utf-8" },
      payload: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses a sign-in whose Origin is another site (403 naming origin); its own origin is fine", async () => {
    const app = start();
    const withOrigin = (origin: string, host = "liftoff.example.test:8080") =>
      app.inject({
        method: "POST",
        url: "/api/session",
        headers: { origin, host, "content-type": "application/json" },
        payload: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
      });
    for (const foreign of [
      "https://attacker.example",
      "http://liftoff.example.test:8081",
      "https://liftoff.example.test:8080",
      "null",
    ]) {
      const res = await withOrigin(foreign);
      expect(res.statusCode).toBe(403);
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.json()).toMatchObject({ status: 403, errors: [{ path: "origin" }] });
    }
    expect((await withOrigin("http://liftoff.example.test:8080")).statusCode).toBe(200);
    expect((await withOrigin("http://localhost", "localhost:80")).statusCode).toBe(200);
  });

  it("behind a proxy with trustProxy, checks Origin against X-Forwarded-Proto and -Host", async () => {
    const app = start({ trustProxy: "127.0.0.1" });
    const res = (origin: string) =>
      app.inject({
        method: "POST",
        url: "/api/session",
        headers: {
          origin,
          host: "127.0.0.1:8080",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "tags.example.test",
          "content-type": "application/json",
        },
        payload: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
      });
    expect((await res("https://tags.example.test")).statusCode).toBe(200);
    expect((await res("http://127.0.0.1:8080")).statusCode).toBe(403);
  });

  it("signs out only with the CSRF token, and the cookie stops working", async () => {
    const app = start();
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    const noToken = await app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { cookie: admin.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({
      type: "urn:liftoff:errors:api:csrf",
      errors: [{ path: "x-csrf-token" }],
    });
    const out = await admin.call("DELETE", "/api/session");
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toContain("Max-Age=0");
    expect((await admin.call("GET", "/api/session")).statusCode).toBe(401);
  });
});

describe("users", () => {
  it(
    "lets an admin create, list, change and delete users; the audit log has each step",
    async () => {
      const app = start();
      const admin = await signIn(app, "admin", ADMIN_PASSWORD);
      const created = await admin.call("POST", "/api/users", {
        username: "erin",
        password: "erin's password",
        role: "editor",
      });
      expect(created.statusCode).toBe(201);
      const erin = created.json<UserInfo>();
      expect(erin).toMatchObject({ username: "erin", role: "editor" });
      const duplicate = await admin.call("POST", "/api/users", {
        username: "erin",
        password: "another password",
        role: "viewer",
      });
      expect(duplicate.statusCode).toBe(409);
      expect(
        (await admin.call("GET", "/api/users")).json<UserInfo[]>().map((u) => u.username),
      ).toEqual(["admin", "erin"]);

      const promoted = await admin.call("PATCH", `/api/users/${erin.id}`, { role: "approver" });
      expect(promoted.json()).toMatchObject({ role: "approver" });
      const erinSession = await signIn(app, "erin", "erin's password");
      expect(erinSession.session.user.role).toBe("approver");
      // A new password ends the user's sessions.
      expect(
        (await admin.call("PATCH", `/api/users/${erin.id}`, { password: "a new password" }))
          .statusCode,
      ).toBe(200);
      expect((await erinSession.call("GET", "/api/session")).statusCode).toBe(401);
      await signIn(app, "erin", "a new password");

      expect((await admin.call("DELETE", `/api/users/${erin.id}`)).statusCode).toBe(204);
      expect((await admin.call("DELETE", `/api/users/${erin.id}`)).statusCode).toBe(404);
      const actions = (await admin.call("GET", "/api/audit"))
        .json<AuditEntry[]>()
        .map((e) => `${e.action} ${e.target ?? ""}`);
      expect(actions).toEqual(
        expect.arrayContaining([
          "user.create erin",
          "user.update erin",
          "user.delete erin",
          "session.create ",
          "user.create admin",
        ]),
      );
    },
    // Each sign-in, user and password change is one scrypt hash (N = 32768, ~64 MiB, by
    // design): 0.6–0.7 s on a quiet machine, over 5 s once on a machine shared with
    // a second CI run.
    20_000,
  );

  it("validates user bodies field by field", async () => {
    const app = start();
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    for (const [body, field] of [
      [{ username: "x y", password: "long enough password", role: "viewer" }, "username"],
      [{ username: "ok", password: "short", role: "viewer" }, "password"],
      [{ username: "ok", password: "long enough password", role: "owner" }, "role"],
    ] as const) {
      const res = await admin.call("POST", "/api/users", body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ path: field }] });
    }
    const [self] = (await admin.call("GET", "/api/users")).json<UserInfo[]>();
    expect(
      (await admin.call("PATCH", `/api/users/${self!.id}`, { role: "superuser" })).json(),
    ).toMatchObject({ errors: [{ path: "role" }] });
  });

  it("keeps at least one admin", async () => {
    const app = start();
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    const id = admin.session.user.id;
    expect((await admin.call("PATCH", `/api/users/${id}`, { role: "viewer" })).statusCode).toBe(
      409,
    );
    expect((await admin.call("DELETE", `/api/users/${id}`)).statusCode).toBe(409);
  });

  it("is admin-only: 403 problem+json for an approver", async () => {
    const app = start();
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    const approver = await clientWith(app, admin, "approver");
    const res = await approver.call("GET", "/api/users");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ type: "urn:liftoff:errors:api:forbidden", status: 403 });
  });
});

describe("first start", () => {
  it("creates admin once, printing a random password, and never again", async () => {
    const lines: string[] = [];
    const { SqliteStore } = await import("../../store/SqliteStore.ts");
    const store = new SqliteStore(":memory:");
    const options = {
      store,
      bootstrap: true,
      auth: { adminPassword: "", print: (l: string) => lines.push(l) },
    };
    let app = start(options);
    await app.ready();
    expect(lines).toHaveLength(1);
    const password = /^Created admin user "admin" with password: (\S{20})$/.exec(lines[0]!)?.[1];
    expect(password).toBeDefined();
    await signIn(app, "admin", password!);
    await app.close();
    app = start(options);
    await app.ready();
    expect(lines).toHaveLength(1);
    await app.close();
    await store.close();
  });
});
