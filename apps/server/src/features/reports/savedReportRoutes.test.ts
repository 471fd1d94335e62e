import type { AuditEntry, SavedReport } from "@liftoff/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";
import type { LiftoffApp } from "../../main/createApp.ts";

const P = "/api/properties/PRfixture/saved-reports";
const definition = {
  field: "xdm.web.webInteraction.name",
  by: "xdm.web.webInteraction.type",
  measure: "events",
  eventType: "web.webinteraction.linkClicks",
  environmentId: "PRfixtureprod",
  from: "2026-11-01",
  to: "2026-11-07",
};

let app: LiftoffApp;
let admin: Client;
let viewer: Client;
let other: Client;
let editor: Client;

beforeAll(async () => {
  app = apiApp();
  admin = await signIn(app, "admin", ADMIN_PASSWORD);
  expect((await admin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
    201,
  );
  viewer = await clientWith(app, admin, "viewer");
  other = await clientWith(app, admin, "viewer");
  editor = await clientWith(app, admin, "editor");
});
afterAll(() => app.close());

const problem = (res: { json: <T>() => T }) =>
  res.json<{ status: number; type: string; detail: string; errors?: Array<{ path: string }> }>();

describe("saved reports", () => {
  it("a viewer saves a breakdown; anyone who reads reports lists and opens it; the audit log has it", async () => {
    const saved = await viewer.call("POST", P, { name: "  Links by type ", definition });
    expect(saved.statusCode).toBe(201);
    const report = saved.json<SavedReport>();
    expect(report).toMatchObject({
      propertyId: "PRfixture",
      name: "Links by type",
      definition,
      createdBy: viewer.session.user.username,
      updatedBy: viewer.session.user.username,
    });
    expect(report.id).toMatch(/^SR[0-9a-f]{32}$/);
    expect((await other.call("GET", P)).json<SavedReport[]>()).toEqual([report]);
    expect((await editor.call("GET", `${P}/${report.id}`)).json<SavedReport>()).toEqual(report);
    // The saved definition runs as the live breakdown with the same parameters.
    const live = await other.call(
      "GET",
      `/api/reports/breakdown?${new URLSearchParams({ propertyId: "PRfixture", ...definition }).toString()}`,
    );
    expect(live.statusCode).toBe(200);
    const audit = (await admin.call("GET", "/api/audit?propertyId=PRfixture")).json<AuditEntry[]>();
    expect(audit[0]).toMatchObject({
      user: viewer.session.user.username,
      action: "report.save",
      target: report.id,
      detail: { summary: 'saved report "Links by type"' },
    });
  });

  it("stores only the checked parameters: empty optional ones are left out", async () => {
    const res = await viewer.call("POST", P, {
      name: "Pages",
      definition: {
        field: "xdm.web.webPageDetails.name",
        by: "",
        eventType: "",
        measure: "visitors",
        from: "2026-10-01",
        to: "2026-10-31",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<SavedReport>().definition).toEqual({
      field: "xdm.web.webPageDetails.name",
      measure: "visitors",
      from: "2026-10-01",
      to: "2026-10-31",
    });
  });

  it.each([
    ["an empty name", { name: "", definition }, "name"],
    ["a blank name", { name: "   ", definition }, "name"],
    ["a 201-character name", { name: "n".repeat(201), definition }, "name"],
    ["no definition", { name: "X" }, "definition"],
    [
      "a path that is no field path",
      { name: "X", definition: { ...definition, field: "web.webInteraction.name" } },
      "definition.field",
    ],
    [
      "a bad second dimension",
      { name: "X", definition: { ...definition, by: "xdm.a b" } },
      "definition.by",
    ],
    [
      "a measure that is not one",
      { name: "X", definition: { ...definition, measure: "clicks" } },
      "definition.measure",
    ],
    [
      "an impossible day",
      { name: "X", definition: { ...definition, from: "2026-02-30" } },
      "definition.from",
    ],
    [
      "a date-time instead of a day",
      { name: "X", definition: { ...definition, to: "2026-11-07T10:00:00Z" } },
      "definition.to",
    ],
    ["no from", { name: "X", definition: { ...definition, from: undefined } }, "definition.from"],
    [
      "from after to",
      { name: "X", definition: { ...definition, from: "2026-11-08" } },
      "definition.from",
    ],
    [
      "more than 92 days",
      { name: "X", definition: { ...definition, from: "2026-01-01" } },
      "definition.from",
    ],
    [
      "a bad event type",
      { name: "X", definition: { ...definition, eventType: "a b" } },
      "definition.eventType",
    ],
    [
      "an environment of no property",
      { name: "X", definition: { ...definition, environmentId: "ENnone" } },
      "definition.environmentId",
    ],
    [
      "an extra parameter",
      { name: "X", definition: { ...definition, sql: "DROP TABLE" } },
      "definition.sql",
    ],
  ])("refuses %s with a 400 naming the field, storing nothing", async (_what, body, path) => {
    const before = (await viewer.call("GET", P)).json<SavedReport[]>().length;
    const res = await viewer.call("POST", P, body);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(problem(res).errors?.[0]?.path).toBe(path);
    expect((await viewer.call("GET", P)).json<SavedReport[]>()).toHaveLength(before);
  });

  it("refuses a second report of the same name in the property with a 409 naming it", async () => {
    await viewer.call("POST", P, { name: "Twice", definition });
    const res = await other.call("POST", P, { name: "Twice", definition });
    expect(res.statusCode).toBe(409);
    expect(problem(res)).toMatchObject({
      type: "urn:liftoff:errors:api:name-taken",
      detail: 'A saved report named "Twice" already exists.',
      errors: [{ path: "name" }],
    });
  });

  it("lets only the creator or an admin rename, redefine or delete", async () => {
    const mine = (await viewer.call("POST", P, { name: "Mine", definition })).json<SavedReport>();
    const url = `${P}/${mine.id}`;
    for (const who of [other, editor]) {
      const renamed = await who.call("PUT", url, { name: "Theirs" });
      expect(renamed.statusCode).toBe(403);
      expect(problem(renamed).type).toBe("urn:liftoff:errors:api:forbidden");
      expect(problem(renamed).detail).toContain(viewer.session.user.username);
      expect((await who.call("DELETE", url)).statusCode).toBe(403);
    }
    const renamed = await viewer.call("PUT", url, { name: "Mine, renamed" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<SavedReport>()).toMatchObject({ name: "Mine, renamed", definition });
    expect((await viewer.call("PUT", url, { name: "Twice" })).statusCode).toBe(409);
    expect(
      problem(await viewer.call("PUT", url, { definition: { ...definition, field: "x" } }))
        .errors?.[0]?.path,
    ).toBe("definition.field");
    expect((await viewer.call("PUT", url, {})).statusCode).toBe(400);
    const redefined = await admin.call("PUT", url, {
      definition: { ...definition, measure: "visitors" },
    });
    expect(redefined.json<SavedReport>()).toMatchObject({
      name: "Mine, renamed",
      definition: { measure: "visitors" },
      createdBy: viewer.session.user.username,
      updatedBy: "admin",
    });
    expect((await admin.call("DELETE", url)).statusCode).toBe(204);
    expect((await viewer.call("GET", url)).statusCode).toBe(404);
    expect((await viewer.call("DELETE", url)).statusCode).toBe(404);
    const actions = (await admin.call("GET", "/api/audit?propertyId=PRfixture&limit=3"))
      .json<AuditEntry[]>()
      .map((e) => [e.action, e.detail]);
    expect(actions).toEqual([
      ["report.delete", { summary: 'deleted saved report "Mine, renamed"' }],
      ["report.update", { summary: 'changed saved report "Mine, renamed"' }],
      ["report.update", { summary: 'renamed saved report "Mine" to "Mine, renamed"' }],
    ]);
  });

  it("answers 404 for an unknown property or report, and keeps reports to their property", async () => {
    expect((await viewer.call("GET", "/api/properties/PRnone/saved-reports")).statusCode).toBe(404);
    expect(
      (
        await viewer.call("POST", "/api/properties/PRnone/saved-reports", {
          name: "X",
          definition: { ...definition, environmentId: undefined },
        })
      ).statusCode,
    ).toBe(404);
    expect((await viewer.call("GET", `${P}/SRnone`)).statusCode).toBe(404);
    const id = (await viewer.call("GET", P)).json<SavedReport[]>()[0]!.id;
    await admin.call("POST", "/api/properties/import", fixtureDocument("PRother"));
    expect(
      (await viewer.call("GET", `/api/properties/PRother/saved-reports/${id}`)).statusCode,
    ).toBe(404);
    expect(
      (await admin.call("DELETE", `/api/properties/PRother/saved-reports/${id}`)).statusCode,
    ).toBe(404);
  });
});
