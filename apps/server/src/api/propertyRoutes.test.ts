import type {
  AuditEntry,
  ImportResult,
  PropertyDiff,
  PropertyDocument,
  PropertyState,
  PropertySummary,
  RevisionInfo,
} from "@liftoff/schema";
import * as realBuilder from "@liftoff/builder";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../createApp.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "./testSupport.ts";

let app: LiftoffApp;
let admin: Client;
let editor: Client;
let viewer: Client;
const P = "/api/properties/PRfixture";

beforeEach(async () => {
  app = apiApp();
  admin = await signIn(app, "admin", ADMIN_PASSWORD);
  [editor, viewer] = [
    await clientWith(app, admin, "editor"),
    await clientWith(app, admin, "viewer"),
  ];
  const imported = await editor.call("POST", "/api/properties/import", fixtureDocument());
  expect(imported.statusCode).toBe(201);
});
afterEach(async () => {
  await app.close();
});

const state = (res: { json<T>(): T }) => res.json<PropertyState>();

describe("properties", () => {
  it("creates a property with three environments, datastreams for each, and lists it", async () => {
    const res = await editor.call("POST", "/api/properties", {
      name: "Claims",
      orgId: "5LIFTOFF0CLAIMS000000001@AdobeOrg",
      domains: ["claims.example.test"],
    });
    expect(res.statusCode).toBe(201);
    const created = state(res);
    expect(created).toMatchObject({ revision: 1, problems: [] });
    expect(created.document.environments.map((e) => e.stage)).toEqual([
      "development",
      "staging",
      "production",
    ]);
    const list = (await viewer.call("GET", "/api/properties")).json<PropertySummary[]>();
    expect(list.map((p) => p.name)).toEqual(["Claims", "Fixture"]);
    const streams = (await app.store.datastreams.list()).filter(
      (d) => d.propertyId === created.document.property.id,
    );
    expect(streams.map((d) => d.stage).sort()).toEqual(["development", "production", "staging"]);
    expect(streams[0]!.orgId).toBe("5LIFTOFF0CLAIMS000000001@AdobeOrg");
  });

  it("refuses a viewer's change with 403 and a change without the CSRF token with 403", async () => {
    const byViewer = await viewer.call("POST", `${P}/data-elements`, {
      revision: 1,
      dataElement: {},
    });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.headers["content-type"]).toContain("application/problem+json");
    expect(byViewer.json()).toMatchObject({ type: "urn:liftoff:errors:api:forbidden" });
    const noCsrf = await app.inject({
      method: "PUT",
      url: `${P}/settings`,
      headers: { cookie: editor.cookie, "content-type": "application/json" },
      payload: { revision: 1, name: "Renamed" },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ type: "urn:liftoff:errors:api:csrf" });
    const wrongCsrf = await editor.call(
      "PUT",
      `${P}/settings`,
      { revision: 1, name: "x" },
      { "x-csrf-token": viewer.session.csrfToken },
    );
    expect(wrongCsrf.statusCode).toBe(403);
    expect(state(await viewer.call("GET", P)).revision).toBe(1);
  });

  it("makes a new revision per change and answers 409 with currentRevision for a stale one", async () => {
    const first = await editor.call("PUT", `${P}/settings`, {
      revision: 1,
      name: "Fixture 2",
      settings: { undefinedVarsReturnEmpty: true },
    });
    expect(first.statusCode).toBe(200);
    expect(state(first)).toMatchObject({ revision: 2, updatedBy: editor.session.user.username });
    expect(state(first).document.property).toMatchObject({
      name: "Fixture 2",
      settings: { domains: ["example.test"], undefinedVarsReturnEmpty: true },
    });
    const stale = await editor.call("PUT", `${P}/settings`, { revision: 1, name: "Lost update" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 409, currentRevision: 2, field: "revision" });
    expect(state(await viewer.call("GET", P)).document.property.name).toBe("Fixture 2");
    const moved = await editor.call("PUT", `${P}/settings`, {
      revision: 2,
      company: { orgId: "5LIFTOFF0MOVED0000000001@AdobeOrg" },
    });
    expect(state(moved).document.company).toEqual({
      orgId: "5LIFTOFF0MOVED0000000001@AdobeOrg",
      dynamicCdnEnabled: false,
    });
    const streams = (await app.store.datastreams.list()).filter(
      (d) => d.propertyId === "PRfixture",
    );
    expect(streams.map((d) => d.orgId)).toEqual(Array(3).fill("5LIFTOFF0MOVED0000000001@AdobeOrg"));
  });

  it("validates bodies structurally, naming the document path", async () => {
    const missingRevision = await editor.call("POST", `${P}/data-elements`, { dataElement: {} });
    expect(missingRevision.json()).toMatchObject({ status: 400, field: "revision" });
    const badElement = await editor.call("POST", `${P}/data-elements`, {
      revision: 1,
      dataElement: { name: 7, modulePath: "core/src/lib/dataElements/customCode.js" },
    });
    expect(badElement.statusCode).toBe(400);
    expect(
      badElement.json<{ errors: Array<{ path: string }> }>().errors.map((e) => e.path),
    ).toContain("dataElements[1].name");
    const badId = await editor.call("POST", `${P}/data-elements`, {
      revision: 1,
      dataElement: { id: 5, name: "n", modulePath: "core/src/lib/dataElements/customCode.js" },
    });
    expect(badId.json()).toMatchObject({ status: 400, field: "dataElement.id" });
    const notJson = await editor.call("PUT", `${P}/settings`, "{revision:", {
      "content-type": "application/json",
    });
    expect(notJson.json()).toMatchObject({ status: 400, field: "body" });
    const idChange = await editor.call("PUT", `${P}/settings`, { revision: 1, settings: [] });
    expect(idChange.json()).toMatchObject({ status: 400, field: "settings" });
    expect((await viewer.call("GET", "/api/properties/PRnone")).statusCode).toBe(404);
  });

  it("adds, updates and removes data elements, extensions, rules and components; reports semantic problems", async () => {
    let rev = 1;
    const ok = async (
      method: "POST" | "PUT" | "DELETE",
      url: string,
      body?: Record<string, unknown>,
    ) => {
      const res = await editor.call(
        method,
        method === "DELETE" ? `${url}?revision=${rev}` : url,
        body && { revision: rev, ...body },
      );
      expect(res.statusCode, res.body).toBeLessThan(300);
      rev = state(res).revision;
      return state(res);
    };
    const added = await ok("POST", `${P}/data-elements`, {
      dataElement: {
        name: "page url",
        modulePath: "core/src/lib/dataElements/pageInfo.js",
        settings: { attribute: "url" },
      },
    });
    const element = added.document.dataElements.find((d) => d.name === "page url")!;
    expect(element.id).toMatch(/^DE[0-9a-f]{32}$/);
    await ok("PUT", `${P}/data-elements/${element.id}`, {
      dataElement: { ...element, forceLowerCase: true },
    });

    const withRule = await ok("POST", `${P}/rules`, {
      rule: {
        name: "Clicks",
        events: [
          { modulePath: "core/src/lib/events/click.js", settings: { elementSelector: "a" } },
        ],
        conditions: [],
        actions: [],
      },
    });
    const rule = withRule.document.rules.find((r) => r.name === "Clicks")!;
    expect(rule.events[0]!.id).toMatch(/^RC[0-9a-f]{32}$/);
    const withAction = await ok("POST", `${P}/rules/${rule.id}/components`, {
      kind: "actions",
      component: {
        modulePath: "core/src/lib/actions/customCode.js",
        settings: { source: "window.clicked = (", language: "javascript" },
      },
    });
    const action = withAction.document.rules.find((r) => r.id === rule.id)!.actions[0]!;
    // Custom code that does not parse is a semantic problem: saved, but reported.
    const problems = (await viewer.call("GET", `${P}/validation`)).json<{
      revision: number;
      problems: Array<{ path: string }>;
    }>();
    expect(problems.revision).toBe(rev);
    expect(problems.problems.length).toBeGreaterThan(0);
    await ok("PUT", `${P}/rules/${rule.id}/components/${action.id}`, {
      component: {
        modulePath: "core/src/lib/actions/customCode.js",
        settings: { source: "window.clicked = true;", language: "javascript" },
      },
    });
    expect((await viewer.call("GET", `${P}/validation`)).json()).toMatchObject({ problems: [] });
    const badKind = await editor.call("POST", `${P}/rules/${rule.id}/components`, {
      revision: rev,
      kind: "action",
      component: {},
    });
    expect(badKind.json()).toMatchObject({ status: 400, field: "kind" });
    await ok("DELETE", `${P}/rules/${rule.id}/components/${action.id}`);
    // A component a form has just added arrives with a blank id and gets one.
    const relabelled = await ok("PUT", `${P}/rules/${rule.id}`, {
      rule: {
        ...rule,
        name: "Link clicks",
        conditions: [
          {
            id: "",
            modulePath: "core/src/lib/conditions/domain.js",
            settings: { domains: ["example.test"] },
          },
        ],
      },
    });
    expect(relabelled.document.rules.find((r) => r.id === rule.id)!.conditions[0]!.id).toMatch(
      /^RC[0-9a-f]{32}$/,
    );
    await ok("DELETE", `${P}/rules/${rule.id}`);
    await ok("DELETE", `${P}/data-elements/${element.id}`);

    const withExt = await ok("PUT", `${P}/extensions/core`, {
      extension: { displayName: "Core (renamed)", settings: {} },
    });
    expect(withExt.document.extensions).toEqual([
      { name: "core", displayName: "Core (renamed)", settings: {} },
    ]);
    const mismatch = await editor.call("PUT", `${P}/extensions/core`, {
      revision: rev,
      extension: { name: "web-sdk" },
    });
    expect(mismatch.json()).toMatchObject({ status: 400, field: "extension.name" });
    expect((await editor.call("DELETE", `${P}/extensions/nope?revision=${rev}`)).statusCode).toBe(
      404,
    );
    expect((await editor.call("DELETE", `${P}/rules/RLnone?revision=${rev}`)).statusCode).toBe(404);
    const withIdentity = await ok("PUT", `${P}/extensions/identity`, {
      extension: { displayName: "Identity", settings: {} },
    });
    expect(withIdentity.document.extensions.map((e) => e.name)).toEqual(["core", "identity"]);
    const withoutIdentity = await ok("DELETE", `${P}/extensions/identity`);
    expect(withoutIdentity.document.extensions.map((e) => e.name)).toEqual(["core"]);

    const revisions = (await viewer.call("GET", `${P}/revisions`)).json<RevisionInfo[]>();
    expect(revisions).toHaveLength(rev);
    expect(revisions[0]!.revision).toBe(rev);
    expect(revisions.map((r) => r.summary)).toEqual(
      expect.arrayContaining([
        'added rule "Clicks"',
        'updated rule "Link clicks"',
        'removed data element "page url"',
      ]),
    );
    const audit = (await viewer.call("GET", "/api/audit?propertyId=PRfixture&limit=3")).json<
      AuditEntry[]
    >();
    expect(audit).toHaveLength(3);
    expect(audit.map((e) => e.action)).toEqual([
      "extension.remove",
      "extension.add",
      "extension.update",
    ]);
    expect(audit[2]).toMatchObject({
      action: "extension.update",
      target: "core",
      revision: rev - 2,
      user: editor.session.user.username,
    });
    for (const query of ["limit=0", "limit=x", "before=-1", "propertyId=a&propertyId=b"])
      expect((await viewer.call("GET", `/api/audit?${query}`)).statusCode, query).toBe(400);
  });

  it("serves any revision, diffs two, and exports the document and the Launch container", async () => {
    await editor.call("PUT", `${P}/rules/RLpageview`, {
      revision: 1,
      rule: { ...fixtureDocument().rules[0], name: "Page View (all pages)" },
    });
    const first = state(await viewer.call("GET", `${P}/revisions/1`));
    expect(first.document.rules[0]!.name).toBe("Page View");
    expect((await viewer.call("GET", `${P}/revisions/9`)).statusCode).toBe(404);
    expect((await viewer.call("GET", `${P}/revisions/x`)).json()).toMatchObject({ field: "n" });
    const diff = (await viewer.call("GET", `${P}/diff?from=1&to=2`)).json<PropertyDiff>();
    expect(diff).toMatchObject({
      from: 1,
      to: 2,
      changes: [{ kind: "rule", id: "RLpageview", change: "changed" }],
    });
    expect((await viewer.call("GET", `${P}/diff?from=1`)).json()).toMatchObject({ field: "to" });
    const exported = (await viewer.call("GET", `${P}/export`)).json<PropertyDocument>();
    expect(exported.rules[0]!.name).toBe("Page View (all pages)");
    const launch = await viewer.call("GET", `${P}/export?format=launch`);
    expect(launch.statusCode).toBe(200);
    expect(launch.json()).toMatchObject({ property: { id: "PRfixture" } });
    expect((await viewer.call("GET", `${P}/export?format=zip`)).json()).toMatchObject({
      field: "format",
    });
  });

  it("imports a Launch container and refuses an existing id with 409", async () => {
    const container = (await viewer.call("GET", `${P}/export?format=launch`)).json<{
      property: { id: string };
    }>();
    const again = await editor.call("POST", "/api/properties/import", container);
    expect(again.statusCode).toBe(409);
    container.property.id = "PRimported";
    const res = await editor.call("POST", "/api/properties/import", container);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<ImportResult>();
    expect(result.property.document.property.id).toBe("PRimported");
    expect(result.report).toHaveProperty("mapped");
    const garbage = await editor.call("POST", "/api/properties/import", "this is not a library");
    expect(garbage.statusCode).toBe(400);
    expect((await viewer.call("POST", "/api/properties/import", container)).statusCode).toBe(403);
  });

  it("lists the extension catalog for forms", async () => {
    const catalog = (await viewer.call("GET", "/api/extensions")).json<Array<{ name: string }>>();
    expect(catalog.map((e) => e.name)).toEqual(
      expect.arrayContaining(["core", "web-sdk", "identity"]),
    );
  });

  it("lets exactly one of two simultaneous changes from the same revision win", async () => {
    const [a, b] = await Promise.all([
      editor.call("PUT", `${P}/settings`, { revision: 1, name: "From A" }),
      admin.call("PUT", `${P}/settings`, { revision: 1, name: "From B" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? "From A" : "From B";
    const current = state(await viewer.call("GET", P));
    expect(current).toMatchObject({ revision: 2, document: { property: { name: winner } } });
    expect((await viewer.call("GET", `${P}/revisions`)).json<RevisionInfo[]>()).toHaveLength(2);
  });

  it("imports a built Launch library file sent as text", async () => {
    const built = await realBuilder.buildLibrary(
      {
        ...fixtureDocument("PRfromfile"),
        environments: fixtureDocument("PRfromfile").environments,
      },
      { environmentId: "PRfromfileprod" },
    );
    const res = await editor.call("POST", "/api/properties/import", built.code);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<ImportResult>();
    expect(result.property.document.property.id).toBe("PRfromfile");
    expect(result.property.document.rules.map((r) => r.name)).toEqual(["Page View"]);
  });

  it("answers an unexpected failure with a logged 500 that says nothing internal", async () => {
    const broken = apiApp({
      builder: {
        ...realBuilder,
        validateProperty: () => {
          throw new TypeError("secret internal detail");
        },
      },
    });
    try {
      const client = await signIn(broken, "admin", ADMIN_PASSWORD);
      await client.call("POST", "/api/properties/import", fixtureDocument());
      const res = await client.call("GET", P);
      expect(res.statusCode).toBe(500);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json()).toMatchObject({ type: "urn:liftoff:errors:EXEG-0500-500" });
      expect(res.body).not.toContain("secret");
    } finally {
      await broken.close();
    }
  });
});
