import type { AuditEntry, LibraryInfo, PropertyState } from "@liftoff/schema";
import type { Response } from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiftoffApp } from "./createApp.ts";
import type { RegisteredRoute } from "../features/auth/enforceRouteAccess.ts";
import { ADMIN_PASSWORD, apiApp, fixtureDocument, signIn, type Client } from "./testSupport.ts";

// Malformed input to every registered route (taken from the app, so a new route is covered
// without editing this file), sent by an admin so access never hides the answer: never a 500,
// every refusal is the one problem+json shape, a validation 400 names the field, and nothing
// is written.
const P = "/api/properties/PRfixture";
const CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MEMBERS = ["type", "title", "status", "detail", "requestId"] as const;

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  requestId: string;
  errors?: Array<{ path: string; message: string }>;
}

let app: LiftoffApp;
let admin: Client;

beforeAll(async () => {
  app = apiApp();
  admin = await signIn(app, "admin", ADMIN_PASSWORD);
  expect((await admin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
    201,
  );
  const library = await admin.call("POST", `${P}/libraries`, { name: "Held" });
  expect(library.json<LibraryInfo>().name).toBe("Held");
  await app.ready();
});
afterAll(() => app.close());

/** A URL for the route with unknown ids (the property is real, so its routes read bodies). */
const urlOf = (route: RegisteredRoute, query = "") =>
  route.url
    .replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === "pid" ? "PRfixture" : "unknown"))
    .replace(/\*$/, "unknown") + query;

// Every query parameter any route reads, each malformed; /api/live answers (400) instead of
// opening a stream because its environmentId is blank.
const BAD_QUERY =
  "?revision=x&limit=-1&before=0&from=yesterday&to=&format=bogus&environmentId=%20" +
  "&propertyId=a&propertyId=b&ecid=%20&configId=&n=1e400";

const utf8 = (text: string) => Buffer.from(text);
const invalidUtf8 = Buffer.concat([
  utf8('{"revision":1,"name":"a'),
  Buffer.from([0xc3, 0x28]),
  utf8('"}'),
]);

/** Bodies wrong in every way a client can get them wrong, with the path a 400 should name. */
const BODIES: Array<{ name: string; payload: Buffer; path?: string }> = [
  { name: "bad JSON", payload: utf8("{not json"), path: "body" },
  { name: "invalid UTF-8", payload: invalidUtf8 },
  { name: "1e400", payload: utf8('{"revision":1,"name":1e400,"index":-1e400}') },
  {
    name: "wrong types",
    payload: utf8(
      JSON.stringify({
        revision: "two",
        name: 5,
        orgId: [],
        rule: [],
        dataElement: "x",
        extension: 1,
        component: null,
        kind: {},
        action: 7,
        items: {},
        resources: "all",
        allowedOrigins: 5,
        username: {},
        password: 1,
        role: [],
        events: {},
      }),
    ),
  },
  {
    name: "over-long strings",
    payload: utf8(
      JSON.stringify({
        revision: 1,
        name: "n".repeat(100_000),
        username: "u".repeat(100_000),
        rule: { id: "r".repeat(1000) },
      }),
    ),
  },
];

function expectProblem(res: Response, where: string): Problem | undefined {
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode < 400) return undefined;
  expect(res.headers["content-type"], where).toContain("application/problem+json");
  if (res.body === "") return undefined; // HEAD: the headers are the answer
  const problem = res.json<Problem>();
  for (const member of MEMBERS) expect(problem[member], `${where}: ${member}`).toBeTruthy();
  expect(problem.status, where).toBe(res.statusCode);
  if (res.statusCode === 400) {
    expect(problem.errors?.length, `${where} names no field`).toBeGreaterThan(0);
    for (const e of problem.errors ?? []) {
      expect(e.path, where).toMatch(/^[A-Za-z]/);
      expect(e.path, `${where}: a path in the API's one form`).not.toContain("/");
    }
  }
  return problem;
}

async function written() {
  const state = (await admin.call("GET", P)).json<PropertyState>();
  const audit = (await admin.call("GET", "/api/audit?limit=1000")).json<AuditEntry[]>();
  const events = (await admin.call("GET", "/api/events")).json<{ events: unknown[] }>();
  return {
    revision: state.revision,
    document: state.document,
    audit: audit.filter((a) => !a.action.startsWith("session.")).length,
    events: events.events.length,
  };
}

describe("malformed input to every route", () => {
  it("answers bad query parameters and unknown ids with the one problem shape, never a 500", async () => {
    const before = await written();
    for (const route of app.routes) {
      if (route.url === "/api/session" && route.method === "DELETE") continue; // below
      for (const query of ["", BAD_QUERY]) {
        // A real property's change stream never ends; an unknown one answers 404.
        const url =
          route.url === "/api/properties/:pid/changes"
            ? `/api/properties/PRnone/changes${query}`
            : urlOf(route, route.url === "/api/live" ? BAD_QUERY : query);
        const res = await admin.call(route.method as "GET", url);
        expectProblem(res, `${route.method} ${url} → ${res.body.slice(0, 300)}`);
      }
    }
    expect(await written()).toEqual(before);
  }, 60_000);

  it("refuses every malformed body to every changing route with a 4xx naming the field", async () => {
    const before = await written();
    const changing = app.routes.filter(
      (r) => CHANGING.has(r.method) && !(r.url === "/api/session" && r.method === "DELETE"),
    );
    expect(changing.length).toBeGreaterThan(40);
    for (const route of changing)
      for (const body of BODIES) {
        const res = await app.inject({
          method: route.method as "POST",
          url: urlOf(
            route,
            route.url.startsWith("/ee/") ? "?configId=pc-marketing-production" : "",
          ),
          headers: {
            cookie: admin.cookie,
            "x-csrf-token": admin.session.csrfToken,
            "content-type": "application/json",
          },
          payload: body.payload,
        });
        const where = `${route.method} ${route.url} ${body.name} → ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        const problem = expectProblem(res, where);
        if (body.path && route.url.startsWith("/api/") && problem?.status === 400)
          expect(problem.errors?.[0]?.path, where).toBe(body.path);
      }
    expect(await written()).toEqual(before);
  }, 60_000);

  it("names the member at fault for invalid UTF-8 and out-of-range numbers on API routes", async () => {
    for (const [payload, path] of [
      [invalidUtf8, "name"],
      [utf8('{"revision":1,"name":"ok","settings":{"n":[1,2,-1e400]}}'), "settings.n[2]"],
      [utf8('{"revision":1,"name":1e999}'), "name"],
    ] as const) {
      const sent = await app.inject({
        method: "PUT",
        url: `${P}/settings`,
        headers: {
          cookie: admin.cookie,
          "x-csrf-token": admin.session.csrfToken,
          "content-type": "application/json",
        },
        payload,
      });
      expect(sent.json<Problem>().errors, String(payload)).toEqual([
        { path, message: expect.any(String) },
      ]);
    }
  });

  it("takes an empty JSON body as no body: a route without one runs, one that needs one names body", async () => {
    const empty = (method: "POST" | "PUT", url: string) =>
      app.inject({
        method,
        url,
        headers: {
          cookie: admin.cookie,
          "x-csrf-token": admin.session.csrfToken,
          "content-type": "application/json",
        },
        payload: "",
      });
    const library = (await admin.call("GET", `${P}/libraries`)).json<LibraryInfo[]>()[0]!;
    // The handler ran: it refuses for the library's own reason (no environment), not the body.
    const built = await empty("POST", `${P}/libraries/${library.id}/build`);
    expect(built.json<Problem>().type, built.body).toBe("urn:liftoff:errors:api:library-state");
    const settings = await empty("PUT", `${P}/settings`);
    expect(settings.statusCode).toBe(400);
    expect(settings.json<Problem>().errors?.[0]?.path).toBe("body");
  });

  it("ends a session for DELETE /api/session whatever else is sent, and nothing more", async () => {
    const other = await signIn(app, "admin", ADMIN_PASSWORD);
    const res = await other.call("DELETE", `/api/session${BAD_QUERY}`, { junk: 1e10 });
    expect(res.statusCode).toBe(204);
    expect((await other.call("GET", "/api/session")).statusCode).toBe(401);
  });
});
