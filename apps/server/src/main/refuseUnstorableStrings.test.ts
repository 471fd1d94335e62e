import { afterEach, beforeEach, describe, expect, it } from "vitest";
import createApp, { type LiftoffApp } from "./createApp.ts";
import unstorableStrings, { MAX_LISTED, UNSTORABLE_MESSAGE } from "../http/unstorableStrings.ts";
import { ADMIN_PASSWORD, apiApp, fixtureDocument, signIn, type Client } from "./testSupport.ts";

let app: LiftoffApp;
let admin: Client;
beforeEach(async () => {
  app = apiApp();
  admin = await signIn(app, "admin", ADMIN_PASSWORD);
});
afterEach(async () => {
  await app.close();
});

/** JSON exactly as written: `\u0000` escapes spell strings a JavaScript literal would not. */
const json = (method: "POST" | "PUT", url: string, payload: string) =>
  admin.call(method, url, payload, { "content-type": "application/json" });

interface Problem {
  status: number;
  type: string;
  errors: Array<{ path: string; message: string }>;
}

/** The answer is the one 400 of the API naming exactly these fields. */
function expectRefused(res: { statusCode: number; json: <T>() => T }, paths: string[]): Problem {
  expect(res.statusCode).toBe(400);
  const problem = res.json<Problem>();
  expect(problem.type).toBe("urn:liftoff:errors:api:invalid-body");
  expect(problem.errors.map((e) => e.path)).toEqual(paths);
  return problem;
}

describe("one string rule for the studio API: no U+0000, no lone surrogate", () => {
  it("refuses NUL and lone surrogates in a body, naming each field, and stores nothing", async () => {
    // JSON escapes: the body is valid UTF-8, the strings it spells are not storable.
    const nul = await json("POST", "/api/properties", '{"name":"a\\u0000b"}');
    expect(expectRefused(nul, ["name"]).errors[0]!.message).toBe(UNSTORABLE_MESSAGE);
    expectRefused(await json("POST", "/api/properties", '{"name":"\\ud800"}'), ["name"]);
    expectRefused(await json("POST", "/api/properties", '{"name":"x\\udfffy"}'), ["name"]);
    expectRefused(
      await json("POST", "/api/properties", '{"name":"ok","domains":["a.test","\\udbff"]}'),
      ["domains[1]"],
    );
    expect(await app.store.authoring.listProperties()).toEqual([]);
  });

  it("names deep fields and member names, in document order", async () => {
    const created = await json("POST", "/api/properties", '{"name":"Strings"}');
    expect(created.statusCode).toBe(201);
    const pid = created.json<{ document: { property: { id: string } } }>().document.property.id;
    const res = await json(
      "PUT",
      `/api/properties/${pid}/extensions/x`,
      '{"extension":{"name":"x","settings":{"a":[1,"ok",{"b":"\\u0000"}],"c\\u0000d":1,"e":"\\ud83d"}}}',
    );
    const problem = expectRefused(res, [
      "extension.settings.a[2].b",
      "extension.settings",
      "extension.settings.e",
    ]);
    expect(problem.errors[1]!.message).toBe(`member name "c\\u0000d": ${UNSTORABLE_MESSAGE}`);
  });

  it("refuses them in query and URL parameters too", async () => {
    expectRefused(await admin.call("GET", "/api/audit?propertyId=PR%00x"), ["propertyId"]);
    expectRefused(await admin.call("GET", "/api/properties/PR%00x"), ["pid"]);
    expectRefused(await admin.call("GET", "/api/reports/topPages?propertyId=%00"), ["propertyId"]);
    expectRefused(await admin.call("DELETE", "/api/properties/PRx/rules/RL%00?revision=1"), ["id"]);
  });

  it("applies to every /api route, whichever plugin declares it", async () => {
    // Access is not the point here: every route is reached, whatever role it needs.
    const open = createApp({ auth: "off-for-tests", rateLimitPerSecond: 0 });
    try {
      await open.ready();
      const api = open.routes.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD");
      expect(api.length).toBeGreaterThan(50);
      for (const route of api) {
        const url = route.url.replace(/:[A-Za-z]+/g, "X");
        const res = await open.inject({ method: route.method as "GET", url: `${url}?probe=%00` });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(400);
        expect(res.json<Problem>().errors, `${route.method} ${route.url}`).toEqual([
          { path: "probe", message: UNSTORABLE_MESSAGE },
        ]);
      }
    } finally {
      await open.close();
    }
  });

  it("refuses NUL in a text body, and what an import reads from text", async () => {
    const text = (payload: string) => admin.call("POST", "/api/properties/import", payload);
    expectRefused(await text("window._satellite = {}\u0000"), ["body"]);
    // A property document sent as text: the import parses it, and the same rule applies.
    const document = fixtureDocument("PRtext");
    document.rules[0]!.name = "Page\u0000View";
    expectRefused(await text(JSON.stringify(document)), ["rules[0].name"]);
    expect(await app.store.authoring.listProperties()).toEqual([]);
  });

  it("lists at most 10 fields, and walks a multi-megabyte body in linear time", async () => {
    const many = JSON.stringify({ name: "x", domains: Array(5000).fill("\u0000") });
    const problem = expectRefused(
      await json("POST", "/api/properties", many),
      Array.from({ length: MAX_LISTED }, (_, i) => `domains[${i}]`),
    );
    expect(problem.errors).toHaveLength(10);
    // A 16 MB import (a build folder's files) with one bad string at its very end.
    const files = Array.from({ length: 2000 }, (_, i) => ({
      path: `f${i}.js`,
      text: "x".repeat(8000),
    }));
    files.push({ path: "last.js", text: "\ud800" });
    const started = performance.now();
    expectRefused(await json("POST", "/api/properties/import", JSON.stringify({ files })), [
      "files[2000].text",
    ]);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("accepts every other string: U+FFFD, controls, characters outside the BMP", async () => {
    const name = "a\uFFFDb\u0001\u001f\u007f \u{1F600}\u{10FFFF}\uFEFF";
    const created = await json("POST", "/api/properties", JSON.stringify({ name }));
    expect(created.statusCode).toBe(201);
    const pid = created.json<{ document: { property: { id: string } } }>().document.property.id;
    const read = await admin.call("GET", `/api/properties/${pid}`);
    expect(read.json<{ document: { property: { name: string } } }>().document.property.name).toBe(
      name,
    );
  });
});

describe("unstorableStrings", () => {
  it("walks nesting far past any recursion limit without overflowing", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const [found] = unstorableStrings(deep, "body");
    expect(found!.path).toMatch(/^\[0\]\[0\]/);
    expect(found!.path.length).toBe(200_000 * 3);
    expect(unstorableStrings({ ok: ["fine", 1, null, { also: "fine" }] }, "body")).toEqual([]);
    expect(unstorableStrings("\u0000", "body")).toEqual([
      { path: "body", message: UNSTORABLE_MESSAGE },
    ]);
  });
});
