import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROLES, type LibraryInfo, type Role } from "@liftoff/schema";
import type { Response } from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_PASSWORD,
  apiApp,
  fixtureDocument,
  signIn,
  type Client,
} from "../main/testSupport.ts";
import createApp, { type LiftoffApp } from "../main/createApp.ts";
import hasRole from "../features/auth/hasRole.ts";
import type { RegisteredRoute } from "../features/auth/enforceRouteAccess.ts";

// Every registered route (taken from the app, so a new route is walked too) × anonymous and
// every role: the outcome the route's declared access promises. 401 for anonymous on a guarded route, 403
// for a role below the entry's, neither for enough; public and sign-in routes never refuse
// for lack of a session.
const REFUSALS = ["unauthenticated", "forbidden", "csrf"].map((c) => `urn:liftoff:errors:api:${c}`);
const CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let app: LiftoffApp;
let libraryId: string;
const clients = new Map<Role, Client>();
const passwords = new Map<Role, { username: string; password: string }>();

async function addUser(admin: Client, role: Role): Promise<void> {
  const username = `${role}-walker`;
  const password = `${role} password 123`;
  const res = await admin.call("POST", "/api/users", { username, password, role });
  expect(res.statusCode).toBe(201);
  passwords.set(role, { username, password });
}

const signInAs = async (role: Role) => {
  const { username, password } = passwords.get(role)!;
  clients.set(role, await signIn(app, username, password));
};

beforeAll(async () => {
  const studioDir = mkdtempSync(join(tmpdir(), "walk-studio-"));
  writeFileSync(join(studioDir, "index.html"), "<div id=root></div>");
  app = apiApp({ studioDir });
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  expect((await admin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
    201,
  );
  const library = await admin.call("POST", "/api/properties/PRfixture/libraries", { name: "L" });
  libraryId = library.json<LibraryInfo>().id;
  for (const role of ROLES) if (role !== "admin") await addUser(admin, role);
  passwords.set("admin", { username: "admin", password: ADMIN_PASSWORD });
  for (const role of ROLES) await signInAs(role);
  await app.ready();
});
afterAll(() => app.close());

const VALUES: Record<string, string> = {
  pid: "PRfixture",
  report: "page-views",
};

/**
 * The access docs/api.md's tables give each route: rows start with one or more routes in
 * backticks, then the role (its first word; "—" for none). A route may leave out the method
 * (the previous one's) or start with "…" (the previous path up to where its first segment
 * appears: `…/libraries/:lid/build`, `DELETE …/:id`); a path ending in "…" is a family, not
 * a route.
 */
function documentedAccess(docs: string): Map<string, string> {
  const routes = new Map<string, string>();
  let method = "GET";
  let path = "";
  for (const [, cell, role] of docs.matchAll(/^\| (`[^|]*`) \| ([a-z]+|—)[^|]*\|/gm))
    for (const [, m, p] of cell!.matchAll(/`(?:(GET|POST|PUT|PATCH|DELETE) )?([^`?]+)[^`]*`/g)) {
      if (!p!.startsWith("/api") && !p!.startsWith("…")) continue;
      method = m ?? method;
      if (p!.startsWith("…")) {
        const rest = p!.slice(1);
        const at = path.indexOf(`/${rest.split("/")[1]}`);
        path = `${path.slice(0, at)}${rest}`;
      } else path = p!;
      if (!path.endsWith("…")) routes.set(`${method} ${path}`, role!);
    }
  return routes;
}

/** A URL for a route pattern: real ids where the walk has them, `x` elsewhere. */
function urlOf(route: RegisteredRoute): string {
  const path = route.url
    .replace(/:([A-Za-z]+)/g, (_m, name: string) =>
      name === "lid" ? libraryId : (VALUES[name] ?? "x"),
    )
    .replace(/\*$/, "x");
  // An allowed /api/live is a stream that never ends; a bad query makes it answer (400)
  // after the access check has run. So does a property's change stream: an unknown property
  // makes it answer 404.
  if (route.url === "/api/properties/:pid/changes") return "/api/properties/PRnone/changes";
  return path === "/api/live" ? `${path}?environmentId=%20` : path;
}

function call(route: RegisteredRoute, who: Role | "anonymous", csrf = true): Promise<Response> {
  const client = who === "anonymous" ? undefined : clients.get(who)!;
  return app.inject({
    method: route.method as "GET",
    url: urlOf(route),
    headers: client
      ? { cookie: client.cookie, ...(csrf ? { "x-csrf-token": client.session.csrfToken } : {}) }
      : {},
  });
}

const typeOf = (res: Response) =>
  res.body !== "" && String(res.headers["content-type"]).includes("problem+json")
    ? res.json<{ type: string }>().type
    : "";

describe("the access each route declares", () => {
  it("covers every registered route, and the walk sees the routes of every family", () => {
    const urls = new Set(app.routes.map((r) => r.url));
    for (const url of [
      "/healthz",
      "/studio/*",
      "/id",
      "/libs/:propertyId/:environmentId/:fileName",
      "/ee/v1/interact",
      "/api/session",
      "/api/events",
      "/api/live",
      "/api/datastreams",
      "/api/reports/:report",
      "/api/properties/:pid/saved-reports/:id",
      "/api/properties/:pid/libraries/:lid/publish",
      "/api/properties/:pid/previews",
      "/api/previews/:id",
      "/api/previews/:id/stream",
      "/preview/:id/trace",
    ])
      expect(urls, url).toContain(url);
    expect(app.routes.length).toBeGreaterThan(70);
  });

  // Access is declared beside each handler, so nothing else lists it: docs/api.md's route
  // tables are what users read, and they must say what the code does ("—": no session).
  it("is what docs/api.md's route tables say, for every /api route", () => {
    const docs = readFileSync(new URL("../../../../docs/api.md", import.meta.url), "utf8");
    const documented = documentedAccess(docs);
    const declared = app.routes
      .filter((r) => r.url.startsWith("/api") && r.method !== "HEAD")
      .map((r): [string, string] => [
        `${r.method} ${r.url}`,
        r.access === "public" || r.access === "sign-in" ? "—" : r.access,
      ]);
    expect(declared.length).toBeGreaterThan(60);
    expect(new Map(declared)).toEqual(documented);
  });

  it("gives anonymous, viewer, editor, approver and admin exactly what each route's entry says", async () => {
    const seen: string[] = [];
    for (const route of app.routes)
      for (const who of ["anonymous", ...ROLES] as const) {
        const res = await call(route, who);
        const where = `${who} ${route.method} ${route.url} (${route.access}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
        seen.push(where);
        expect(res.statusCode, where).toBeLessThan(500);
        if (route.access === "public" || route.access === "sign-in") {
          expect(res.statusCode, where).not.toBe(401);
          expect(REFUSALS, where).not.toContain(typeOf(res));
        } else if (who === "anonymous") {
          expect(res.statusCode, where).toBe(401);
          if (route.method !== "HEAD")
            expect(typeOf(res), where).toBe("urn:liftoff:errors:api:unauthenticated");
        } else if (!hasRole(who, route.access)) {
          expect(res.statusCode, where).toBe(403);
          if (route.method !== "HEAD")
            expect(typeOf(res), where).toBe("urn:liftoff:errors:api:forbidden");
        } else {
          expect([401, 403], where).not.toContain(res.statusCode);
        }
        // Signing out ends the walker's session; the next route needs a new one.
        if (route.url === "/api/session" && route.method === "DELETE" && who !== "anonymous")
          await signInAs(who);
      }
    expect(seen.length).toBe(app.routes.length * (ROLES.length + 1));
  }, 120_000);

  it("refuses a changing request without the session's CSRF token, even from an admin", async () => {
    const guarded = app.routes.filter(
      (r) => CHANGING.has(r.method) && r.access !== "public" && r.access !== "sign-in",
    );
    expect(guarded.length).toBeGreaterThan(30);
    for (const route of guarded) {
      const res = await call(route, "admin", false);
      expect(typeOf(res), `${route.method} ${route.url}`).toBe("urn:liftoff:errors:api:csrf");
      expect(res.statusCode).toBe(403);
    }
  });
});

describe("secure by construction", () => {
  it("keeps the read routes closed on an app made without options", async () => {
    const bare = createApp();
    for (const url of ["/api/events", "/api/live", "/api/datastreams", "/api/reports/page-views"])
      expect((await bare.inject({ url })).statusCode, url).toBe(401);
    await bare.close();
  });

  it("does not start with a route that declares no access", async () => {
    const direct = createApp({ auth: "off-for-tests" });
    direct.get("/api/unlisted", () => "open");
    await expect(direct.ready()).rejects.toThrow(/GET \/api\/unlisted.*: no access declared/);
    const inPlugin = createApp({ auth: "off-for-tests" });
    void inPlugin.register((scope, _options, done) => {
      scope.post("/api/also-unlisted", () => "open");
      done();
    });
    await expect(inPlugin.ready()).rejects.toThrow(/POST \/api\/also-unlisted/);
  });

  it("refuses nothing with auth off-for-tests", async () => {
    const open = createApp({ auth: "off-for-tests" });
    expect((await open.inject({ url: "/api/events" })).statusCode).toBe(200);
    expect((await open.inject({ url: "/api/properties" })).statusCode).toBe(200);
    await open.close();
  });
});
