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
import type { LiftoffApp } from "../../main/createApp.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";

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

  it("creates an event forwarding property (platform edge), marked so in the list, with no datastreams", async () => {
    const res = await editor.call("POST", "/api/properties", {
      name: "Server side",
      platform: "edge",
    });
    expect(res.statusCode).toBe(201);
    const created = state(res);
    expect(created.document.property.settings.platform).toBe("edge");
    expect(created.document.extensions.map((x) => x.name)).toEqual(["core"]);
    expect(created.problems).toEqual([]);
    const id = created.document.property.id;
    const list = (await viewer.call("GET", "/api/properties")).json<PropertySummary[]>();
    expect(list.find((p) => p.id === id)?.platform).toBe("edge");
    // A web property's summary says nothing of a platform: web is the default.
    expect(list.find((p) => p.name === "Fixture")).not.toHaveProperty("platform");
    const streams = (await app.store.datastreams.list()).filter((d) => d.propertyId === id);
    expect(streams).toEqual([]);
    const other = await editor.call("POST", "/api/properties", { name: "Odd", platform: "ios" });
    expect(other.statusCode).toBe(400);
  });

  it("creates a property without an org id; the Web SDK then asks for one; a malformed one is refused", async () => {
    const res = await editor.call("POST", "/api/properties", { name: "No org" });
    expect(res.statusCode).toBe(201);
    const created = state(res);
    expect(created.document.company).toEqual({ dynamicCdnEnabled: false });
    expect(created.problems).toEqual([]);
    const id = created.document.property.id;
    const streams = (await app.store.datastreams.list()).filter((d) => d.propertyId === id);
    expect(streams.map((d) => d.orgId)).toEqual(["", "", ""]);

    const withSdk = await editor.call("PUT", `/api/properties/${id}/extensions/web-sdk`, {
      extension: { settings: { instances: [{ name: "alloy", edgeConfigId: "DS" }] } },
    });
    expect(state(withSdk).problems).toContainEqual({
      path: "company.orgId",
      message:
        "the Web SDK extension needs the property's org id (like ABCDEF0123456789ABCDEF01@AdobeOrg)",
    });
    const settingsRevision = state(withSdk).resources.find((r) => r.kind === "settings")!.revision;
    const withOrg = await editor.call("PUT", `/api/properties/${id}/settings`, {
      revision: settingsRevision,
      company: { orgId: "5LIFTOFF0NOORG0000000001@AdobeOrg" },
    });
    expect(state(withOrg).problems).toEqual([]);
    const after = (await app.store.datastreams.list()).filter((d) => d.propertyId === id);
    expect(after.map((d) => d.orgId)).toEqual(Array(3).fill("5LIFTOFF0NOORG0000000001@AdobeOrg"));
    // `null` removes it again (the Web SDK then asks for it), other company fields kept.
    const cleared = await editor.call("PUT", `/api/properties/${id}/settings`, {
      revision: settingsRevision + 1,
      company: { orgId: null },
    });
    expect(state(cleared).document.company).toEqual({ dynamicCdnEnabled: false });
    expect(state(cleared).problems.map((p) => p.path)).toEqual(["company.orgId"]);

    const bad = await editor.call("POST", "/api/properties", { name: "Bad", orgId: "acme" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ path: "orgId" }] });
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

  it("makes a new revision per change and answers 409 edit-conflict when the same resource moved", async () => {
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
    expect(stale.json()).toMatchObject({
      status: 409,
      type: "urn:liftoff:errors:api:edit-conflict",
      errors: [{ path: "revision" }],
      conflict: {
        resource: { kind: "settings", id: "property", name: "Fixture 2" },
        yourRevision: 1,
        currentRevision: 2,
        changedBy: editor.session.user.username,
        current: { property: { name: "Fixture 2" } },
      },
    });
    // Another resource saved from the property's first state does not conflict.
    const rule = await editor.call("PUT", `${P}/rules/RLpageview`, {
      revision: 1,
      rule: { ...fixtureDocument().rules[0], description: "still fine" },
    });
    expect(rule.statusCode).toBe(200);
    expect(state(rule)).toMatchObject({
      revision: 3,
      saved: { kind: "rule", id: "RLpageview", revision: 2 },
    });
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
    const missingRevision = await editor.call("PUT", `${P}/data-elements/DEpagename`, {
      dataElement: {},
    });
    expect(missingRevision.json()).toMatchObject({ status: 400, errors: [{ path: "revision" }] });
    const badElement = await editor.call("POST", `${P}/data-elements`, {
      dataElement: { name: "n", modulePath: 7 },
    });
    expect(badElement.statusCode).toBe(400);
    expect(
      badElement.json<{ errors: Array<{ path: string }> }>().errors.map((e) => e.path),
    ).toContain("dataElements[1].modulePath");
    const badId = await editor.call("POST", `${P}/data-elements`, {
      dataElement: { id: 5, name: "n", modulePath: "core/src/lib/dataElements/customCode.js" },
    });
    expect(badId.json()).toMatchObject({ status: 400, errors: [{ path: "dataElement.id" }] });
    const notJson = await editor.call("PUT", `${P}/settings`, "{revision:", {
      "content-type": "application/json",
    });
    expect(notJson.json()).toMatchObject({ status: 400, errors: [{ path: "body" }] });
    const idChange = await editor.call("PUT", `${P}/settings`, { revision: 1, settings: [] });
    expect(idChange.json()).toMatchObject({ status: 400, errors: [{ path: "settings" }] });
    expect((await viewer.call("GET", "/api/properties/PRnone")).statusCode).toBe(404);
  });

  it("adds, updates and removes data elements, extensions, rules and components; reports semantic problems", async () => {
    let latest = state(await viewer.call("GET", P));
    let rev = latest.revision;
    /** The change, sent with the current revision of the resource it locks (none: a create). */
    const ok = async (
      method: "POST" | "PUT" | "DELETE",
      url: string,
      body?: Record<string, unknown>,
      lock?: { kind: string; id: string },
    ) => {
      const revision = lock
        ? latest.resources.find((r) => r.kind === lock.kind && r.id === lock.id)?.revision
        : undefined;
      const res = await editor.call(
        method,
        method === "DELETE" ? `${url}?revision=${revision}` : url,
        body && { ...(revision !== undefined ? { revision } : {}), ...body },
      );
      expect(res.statusCode, res.body).toBeLessThan(300);
      // Item changes answer the item alone (ItemSaved); the whole state is read after them.
      const answer = state(res);
      latest = answer.document ? answer : { ...state(await viewer.call("GET", P)) };
      expect(latest.revision).toBe(answer.revision);
      latest.saved = answer.saved;
      rev = latest.revision;
      return latest;
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
    const de = { kind: "dataElement", id: element.id };
    await ok(
      "PUT",
      `${P}/data-elements/${element.id}`,
      {
        dataElement: { ...element, forceLowerCase: true },
      },
      de,
    );

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
    const rule = withRule.document.rules.find((r) => r.id === withRule.saved!.id)!;
    expect(rule.name).toBe("Clicks");
    expect(rule.events[0]!.id).toMatch(/^RC[0-9a-f]{32}$/);
    const locked = { kind: "rule", id: rule.id };
    const brokenAction = {
      kind: "actions",
      component: {
        modulePath: "core/src/lib/actions/customCode.js",
        settings: { source: "window.clicked = (", language: "javascript" },
      },
    };
    // Custom code that does not parse would reach the next build: refused while enabled…
    const refused = await editor.call("POST", `${P}/rules/${rule.id}/components`, {
      revision: latest.resources.find((r) => r.id === rule.id)!.revision,
      ...brokenAction,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      type: "urn:liftoff:errors:api:item-has-problems",
      errors: [
        {
          path: "rule.actions[0].settings.source",
          message: expect.stringMatching(/^custom code does not parse/),
        },
      ],
    });
    expect(state(await viewer.call("GET", P)).revision).toBe(rev);
    // …and kept once the rule is disabled: listed apart, never stopping a build.
    const disabled = await ok(
      "PUT",
      `${P}/rules/${rule.id}`,
      { rule: { ...rule, enabled: false } },
      locked,
    );
    const withAction = await ok("POST", `${P}/rules/${rule.id}/components`, brokenAction, locked);
    const action = withAction.document.rules.find((r) => r.id === rule.id)!.actions[0]!;
    const problems = (await viewer.call("GET", `${P}/validation`)).json<{
      revision: number;
      problems: Array<{ path: string }>;
      disabledProblems: Array<{ path: string }>;
    }>();
    expect(problems.revision).toBe(rev);
    expect(problems.problems).toEqual([]);
    expect(problems.disabledProblems).toEqual([
      expect.objectContaining({
        path: `rules[${disabled.document.rules.findIndex((r) => r.id === rule.id)}].actions[0].settings.source`,
      }),
    ]);
    // Enabling it with the problem is refused too, naming the item in the request.
    const enable = await editor.call("POST", `${P}/bulk`, {
      action: "enable",
      items: [{ ...locked, revision: latest.resources.find((r) => r.id === rule.id)!.revision }],
    });
    expect(enable.statusCode).toBe(422);
    expect(enable.json()).toMatchObject({
      errors: [{ path: "items[0].actions[0].settings.source" }],
    });
    await ok(
      "PUT",
      `${P}/rules/${rule.id}/components/${action.id}`,
      {
        component: {
          modulePath: "core/src/lib/actions/customCode.js",
          settings: { source: "window.clicked = true;", language: "javascript" },
        },
      },
      locked,
    );
    expect((await viewer.call("GET", `${P}/validation`)).json()).toMatchObject({ problems: [] });
    const badKind = await editor.call("POST", `${P}/rules/${rule.id}/components`, {
      revision: latest.resources.find((r) => r.id === rule.id)!.revision,
      kind: "action",
      component: {},
    });
    expect(badKind.json()).toMatchObject({ status: 400, errors: [{ path: "kind" }] });
    await ok("DELETE", `${P}/rules/${rule.id}/components/${action.id}`, undefined, locked);
    // A component a form has just added arrives with a blank id and gets one.
    const relabelled = await ok(
      "PUT",
      `${P}/rules/${rule.id}`,
      {
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
      },
      locked,
    );
    expect(relabelled.document.rules.find((r) => r.id === rule.id)!.conditions[0]!.id).toMatch(
      /^RC[0-9a-f]{32}$/,
    );
    await ok("DELETE", `${P}/rules/${rule.id}`, undefined, locked);
    const deleted = await ok("DELETE", `${P}/data-elements/${element.id}`, undefined, de);
    // Deleting is soft: out of the document, still a resource (restorable) until published.
    expect(deleted.document.dataElements.some((d) => d.id === element.id)).toBe(false);
    expect(deleted.resources.find((r) => r.id === element.id)).toMatchObject({ deleted: true });

    const withExt = await ok(
      "PUT",
      `${P}/extensions/core`,
      {
        extension: { displayName: "Core (renamed)", settings: {} },
      },
      { kind: "extension", id: "core" },
    );
    expect(withExt.document.extensions).toEqual([
      { name: "core", displayName: "Core (renamed)", settings: {} },
    ]);
    const mismatch = await editor.call("PUT", `${P}/extensions/core`, {
      revision: 2,
      extension: { name: "web-sdk" },
    });
    expect(mismatch.json()).toMatchObject({ status: 400, errors: [{ path: "extension.name" }] });
    expect((await editor.call("DELETE", `${P}/extensions/nope?revision=${rev}`)).statusCode).toBe(
      404,
    );
    expect((await editor.call("DELETE", `${P}/rules/RLnone?revision=${rev}`)).statusCode).toBe(404);
    const withIdentity = await ok("PUT", `${P}/extensions/identity`, {
      extension: { displayName: "Identity", settings: {} },
    });
    expect(withIdentity.document.extensions.map((e) => e.name)).toEqual(["core", "identity"]);
    const withoutIdentity = await ok("DELETE", `${P}/extensions/identity`, undefined, {
      kind: "extension",
      id: "identity",
    });
    expect(withoutIdentity.document.extensions.map((e) => e.name)).toEqual(["core"]);

    const revisions = (await viewer.call("GET", `${P}/revisions`)).json<RevisionInfo[]>();
    expect(revisions).toHaveLength(rev);
    expect(revisions[0]!.revision).toBe(rev);
    expect(revisions.map((r) => r.summary)).toEqual(
      expect.arrayContaining([
        'added rule "Clicks"',
        'updated rule "Link clicks"',
        'deleted data element "page url"',
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
    expect((await viewer.call("GET", `${P}/revisions/x`)).json()).toMatchObject({
      errors: [{ path: "n" }],
    });
    const diff = (await viewer.call("GET", `${P}/diff?from=1&to=2`)).json<PropertyDiff>();
    expect(diff).toMatchObject({
      from: 1,
      to: 2,
      changes: [{ kind: "rule", id: "RLpageview", change: "changed" }],
    });
    expect((await viewer.call("GET", `${P}/diff?from=1`)).json()).toMatchObject({
      errors: [{ path: "to" }],
    });
    const exported = (await viewer.call("GET", `${P}/export`)).json<PropertyDocument>();
    expect(exported.rules[0]!.name).toBe("Page View (all pages)");
    const launch = await viewer.call("GET", `${P}/export?format=launch`);
    expect(launch.statusCode).toBe(200);
    expect(launch.json()).toMatchObject({ property: { id: "PRfixture" } });
    expect((await viewer.call("GET", `${P}/export?format=zip`)).json()).toMatchObject({
      errors: [{ path: "format" }],
    });
  });

  it("imports a Launch container and refuses an existing id with 409", async () => {
    const container = (await viewer.call("GET", `${P}/export?format=launch`)).json<{
      property: { id: string };
    }>();
    const again = await editor.call("POST", "/api/properties/import", container);
    expect(again.statusCode).toBe(409);
    // The problem names the property already here, so the studio can link to it.
    const stored = (await viewer.call("GET", P)).json<PropertyState>().document.property;
    expect(again.json()).toMatchObject({
      type: "urn:liftoff:errors:api:property-exists",
      existing: { id: stored.id, name: stored.name },
      errors: [{ path: "property.id" }],
    });
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

  it("lets exactly one of two simultaneous changes of the same resource win", async () => {
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
