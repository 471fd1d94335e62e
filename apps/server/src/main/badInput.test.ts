import type { LibraryInfo, PropertyState } from "@liftoff/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiftoffApp } from "./createApp.ts";
import { ADMIN_PASSWORD, apiApp, fixtureDocument, signIn, type Client } from "./testSupport.ts";

// Every route that changes something, sent bodies that are wrong in every way a client can
// get them wrong: the answer is a 4xx problem (400 naming the field), never a 500, and
// nothing is written.
const P = "/api/properties/PRfixture";
type Problem = { errors?: Array<{ path: string }> };
let app: LiftoffApp;
let admin: Client;
let libraryId: string;

beforeAll(async () => {
  app = apiApp();
  admin = await signIn(app, "admin", ADMIN_PASSWORD);
  expect((await admin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
    201,
  );
  const created = await admin.call("POST", `${P}/libraries`, {
    name: "Held",
    environmentId: "PRfixturedev",
  });
  libraryId = created.json<LibraryInfo>().id;
});
afterAll(async () => {
  await app.close();
});

const ROUTES = (lib: string): Array<[string, string]> => [
  ["PUT", `${P}/settings`],
  ["PUT", `${P}/extensions/core`],
  ["POST", `${P}/data-elements`],
  ["PUT", `${P}/data-elements/DEpagename`],
  ["POST", `${P}/rules`],
  ["PUT", `${P}/rules/RLpageview`],
  ["POST", `${P}/rules/RLpageview/components`],
  ["PUT", `${P}/rules/RLpageview/components/RClog`],
  ["POST", `${P}/resources/rule/RLpageview/restore`],
  ["POST", `${P}/resources/widget/RLpageview/restore`],
  ["POST", `${P}/bulk`],
  ["POST", `${P}/environments`],
  ["POST", `${P}/libraries`],
  ["PATCH", `${P}/libraries/${lib}`],
  ["POST", `${P}/libraries/${lib}/resources`],
  ["POST", "/api/properties"],
];

const JUNK: unknown[] = [
  "null",
  "[]",
  '"text"',
  "12",
  "{not json",
  { revision: "two" },
  { revision: 0 },
  { revision: 1.5 },
  { revision: 1, rule: [] },
  { revision: 1, rule: { name: "x", events: [null], conditions: [1], actions: ["a"] } },
  { revision: 1, dataElement: { id: {} } },
  { revision: 1, extension: { name: 5 } },
  { revision: 1, settings: { libraryMaxAge: "soon" } },
  { revision: 1, settings: { libraryMaxAge: 1e20 } },
  { revision: 1, company: null, settings: null, name: 5 },
  { revision: 1, kind: "actions", component: null, index: "x" },
  { revision: 1, from: "x" },
  { action: "delete", items: [null, 5] },
  { action: "disable", items: [{ kind: "extension", id: "core", revision: 1 }] },
  { name: { a: 1 }, environmentId: 5, resources: [{ kind: "rule", id: 5 }] },
  { name: "", resources: [{ kind: "widget", id: "x" }], addAllChanged: "yes" },
  { name: " ", orgId: "not an org", domains: "x", environmentId: null },
];

describe("bad input on the studio API", () => {
  it("answers every malformed change with a 4xx problem and writes nothing", async () => {
    const before = (await admin.call("GET", P)).json<PropertyState>();
    const refused: string[] = [];
    for (const [method, url] of ROUTES(libraryId))
      for (const body of JUNK) {
        const res = await admin.call(method as "POST", url, body, {
          "content-type": "application/json",
        });
        const where = `${method} ${url} ${JSON.stringify(body)}`;
        expect(res.statusCode, `${where} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode < 400) continue;
        refused.push(where);
        expect(res.headers["content-type"], where).toContain("application/problem+json");
        if (res.statusCode === 400)
          expect(res.json<Problem>().errors?.[0]?.path, `${where} names no field`).toBeTruthy();
      }
    // Nearly all are refused. The few that pass carry nothing the route reads (members of
    // other routes' bodies are ignored) or restore the revision the rule is at: no-ops.
    expect(refused.length).toBeGreaterThan(ROUTES(libraryId).length * JUNK.length * 0.85);
    const after = (await admin.call("GET", P)).json<PropertyState>();
    expect(after.revision).toBe(before.revision);
    expect(after.document).toEqual(before.document);
    const library = (await admin.call("GET", `${P}/libraries/${libraryId}`)).json<LibraryInfo>();
    expect(library).toMatchObject({ name: "Held", resources: [], environmentId: "PRfixturedev" });
  }, 60_000);

  it("answers malformed ids and unknown things in the URL with 400 or 404, never 500", async () => {
    for (const [method, url, status, field] of [
      ["GET", `${P}/resources/widget/RLpageview/revisions`, 400, "kind"],
      ["GET", `${P}/resources/rule/RLpageview/revisions/0`, 400, "n"],
      ["GET", `${P}/resources/rule/RLpageview/revisions/x`, 400, "n"],
      ["GET", `${P}/revisions/0`, 400, "n"],
      ["GET", `${P}/diff?from=1&to=x`, 400, "to"],
      ["DELETE", `${P}/rules/RLpageview?revision=x`, 400, "revision"],
      ["DELETE", `${P}/libraries/${libraryId}/resources/widget/x`, 400, "kind"],
      ["POST", `${P}/resources/settings/property/copy`, 400, "kind"],
      ["GET", `${P}/resources/rule/RLnone/revisions`, 404, undefined],
      ["GET", `${P}/resources/rule/RLpageview/revisions/99`, 404, undefined],
      ["GET", "/api/properties/PRnone/resources/rule/RLpageview/revisions", 404, undefined],
      ["GET", `${P}/revisions/99`, 404, undefined],
      ["GET", `${P}/libraries/LBnone`, 404, undefined],
      ["GET", "/api/properties/PRnone/environments", 404, undefined],
      ["POST", `${P}/libraries/LBnone/publish`, 404, undefined],
      ["POST", `${P}/resources/rule/RLnone/copy`, 404, undefined],
      ["DELETE", `${P}/rules/RLnone?revision=1`, 404, undefined],
      ["DELETE", `${P}/environments/ENnone?revision=1`, 404, undefined],
    ] as const) {
      const res = await admin.call(method, url);
      expect(res.json(), `${method} ${url}`).toMatchObject({
        status,
        ...(field ? { errors: [{ path: field }] } : {}),
      });
    }
  });
});
