import * as realBuilder from "@liftoff/builder";
import type {
  AuditEntry,
  EnvironmentInfo,
  ItemSaved,
  LibraryInfo,
  PropertyState,
} from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import type { BuilderApi } from "../authoring/BuilderApi.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";

const P = "/api/properties/PRfixture";
const ENV = { development: "PRfixturedev", staging: "PRfixturestage", production: "PRfixtureprod" };

let app: LiftoffApp;
let admin: Client;
let editor: Client;
let approver: Client;
/** Which environments the test builder refuses to build for (the failed-build case). */
let failFor: Set<string>;

/** The real builder, except that it throws for the environments in `failFor`. */
const builder: Partial<BuilderApi> = {
  ...(realBuilder as unknown as BuilderApi),
  buildLibrary: (document, options) => {
    if (failFor.has(options.environmentId)) return Promise.reject(new Error("esbuild: disk full"));
    return realBuilder.buildLibrary(document, options);
  },
};

beforeEach(async () => {
  failFor = new Set();
  app = apiApp({ builder });
  admin = await signIn(app, "admin", ADMIN_PASSWORD);
  [editor, approver] = [
    await clientWith(app, admin, "editor"),
    await clientWith(app, admin, "approver"),
  ];
  expect((await editor.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
    201,
  );
});
afterEach(async () => {
  await app.close();
});

const library = (res: { statusCode: number; body: string; json<T>(): T }) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<LibraryInfo>();
};

async function served(environmentId: string) {
  const res = await app.inject({ url: `/libs/PRfixture/${environmentId}/launch.min.js` });
  return { status: res.statusCode, body: res.body, etag: res.headers.etag };
}

/** A library of every changed resource, taken through the whole flow to production. */
async function publishCurrent(name: string): Promise<LibraryInfo> {
  const created = library(
    await editor.call("POST", `${P}/libraries`, {
      name,
      environmentId: ENV.development,
      addAllChanged: true,
    }),
  );
  for (const [client, step] of [
    [editor, "build"],
    [editor, "submit"],
    [approver, "approve"],
    [approver, "publish"],
  ] as const)
    library(await client.call("POST", `${P}/libraries/${created.id}/${step}`));
  return library(await editor.call("GET", `${P}/libraries/${created.id}`));
}

async function current(): Promise<PropertyState> {
  return (await editor.call("GET", P)).json<PropertyState>();
}

const revisionOf = (state: PropertyState, kind: string, id: string) =>
  state.resources.find((r) => r.kind === kind && r.id === id)!.revision;

/** Saves rule `id` (default the fixture's) with `name` and a marker in its custom code. */
async function saveRule(name: string, id = "RLpageview", marker = name): Promise<PropertyState> {
  const state = await current();
  const rule = state.document.rules.find((r) => r.id === id)!;
  const res = await editor.call("PUT", `${P}/rules/${id}`, {
    revision: revisionOf(state, "rule", id),
    rule: {
      ...rule,
      name,
      actions: [
        {
          ...rule.actions[0]!,
          settings: {
            source: `window.__marker = ${JSON.stringify(marker)};`,
            language: "javascript",
          },
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PropertyState>();
}

/** A new rule whose custom code carries `marker`; answers its id. */
async function addRule(marker: string): Promise<string> {
  const res = await editor.call("POST", `${P}/rules`, {
    rule: {
      name: marker,
      events: [{ modulePath: "core/src/lib/events/libraryLoaded.js", settings: {} }],
      conditions: [],
      actions: [
        {
          modulePath: "core/src/lib/actions/customCode.js",
          settings: {
            source: `window.__marker = ${JSON.stringify(marker)};`,
            language: "javascript",
          },
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PropertyState>().saved!.id;
}

describe("publishing", () => {
  it("builds to development, submits to staging, publishes to production, each served at a stable URL", async () => {
    const lib = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Spring launch",
        environmentId: ENV.development,
        addAllChanged: true,
      }),
    );
    expect(lib).toMatchObject({
      state: "development",
      builds: [],
      live: false,
      createdBy: editor.session.user.username,
    });
    // Nothing was ever published: every resource is changed, and the library took them all.
    expect(lib.resources.map((r) => `${r.kind}:${r.id}`)).toEqual([
      "extension:core",
      "dataElement:DEpagename",
      "rule:RLpageview",
    ]);
    expect(lib.resources.every((r) => r.pinnedRevision === undefined && r.revision === 1)).toBe(
      true,
    );
    expect((await served(ENV.development)).status).toBe(404);

    const built = library(await editor.call("POST", `${P}/libraries/${lib.id}/build`));
    expect(built.builds).toMatchObject([
      { environmentId: ENV.development, stage: "development", propertyRevision: 1 },
    ]);
    expect(built.builds[0]!.gzipBytes).toBeGreaterThan(1000);
    const dev = await served(ENV.development);
    expect(dev.status).toBe(200);
    expect(dev.body).toContain("window._satellite");
    expect((await served(ENV.staging)).status).toBe(404);

    expect((await editor.call("POST", `${P}/libraries/${lib.id}/approve`)).statusCode).toBe(403);
    expect((await approver.call("POST", `${P}/libraries/${lib.id}/approve`)).json()).toMatchObject({
      status: 409,
      type: "urn:liftoff:errors:api:library-state",
    });
    const submitted = library(await editor.call("POST", `${P}/libraries/${lib.id}/submit`));
    expect(submitted.state).toBe("submitted");
    expect(submitted.resources.every((r) => r.pinnedRevision === 1)).toBe(true);
    expect((await served(ENV.staging)).status).toBe(200);
    expect((await editor.call("POST", `${P}/libraries/${lib.id}/publish`)).statusCode).toBe(403);
    expect(library(await approver.call("POST", `${P}/libraries/${lib.id}/approve`)).state).toBe(
      "approved",
    );
    expect((await served(ENV.production)).status).toBe(404);
    const published = library(await approver.call("POST", `${P}/libraries/${lib.id}/publish`));
    expect(published).toMatchObject({ state: "published", live: true });
    expect(published.publishedAt).toBeDefined();
    expect(published.builds.map((b) => b.stage)).toEqual(["development", "staging", "production"]);
    expect((await served(ENV.production)).body).toContain("window._satellite");
    expect((await current()).resources.every((r) => !r.changed)).toBe(true);

    const envs = (await editor.call("GET", `${P}/environments`)).json<EnvironmentInfo[]>();
    const production = envs.find((e) => e.stage === "production")!;
    expect(production).toMatchObject({
      libraryId: lib.id,
      libraryName: "Spring launch",
      cacheControl: "public, max-age=3600",
      libraryUrl: `http://localhost/libs/PRfixture/${ENV.production}/launch.min.js`,
      embedCode: `<script src="http://localhost/libs/PRfixture/${ENV.production}/launch.min.js" async></script>`,
    });
    expect(envs.find((e) => e.stage === "development")).toMatchObject({
      cacheControl: "no-cache",
    });
    expect(envs.some((e) => e.heldBy)).toBe(false);
    const audit = (await editor.call("GET", "/api/audit?propertyId=PRfixture")).json<
      AuditEntry[]
    >();
    expect(audit.slice(0, 5).map((e) => e.action)).toEqual([
      "library.publish",
      "library.approve",
      "library.submit",
      "library.build",
      "library.create",
    ]);
  });

  it("rejects a submitted library back to development work, and refuses steps out of order", async () => {
    const lib = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Try",
        environmentId: ENV.development,
        addAllChanged: true,
      }),
    );
    expect((await editor.call("POST", `${P}/libraries/${lib.id}/submit`)).statusCode).toBe(200);
    const rejected = library(await approver.call("POST", `${P}/libraries/${lib.id}/reject`));
    expect(rejected.state).toBe("rejected");
    // Back in development: it builds the latest revisions again.
    expect(rejected.resources.every((r) => r.pinnedRevision === undefined)).toBe(true);
    expect(rejected.environmentId).toBe(ENV.development);
    expect((await approver.call("POST", `${P}/libraries/${lib.id}/publish`)).statusCode).toBe(409);
    expect((await editor.call("POST", `${P}/libraries/${lib.id}/submit`)).statusCode).toBe(409);
    expect(library(await editor.call("POST", `${P}/libraries/${lib.id}/build`)).state).toBe(
      "development",
    );
    expect((await approver.call("POST", `${P}/libraries/LBnone/build`)).statusCode).toBe(404);
  });

  it("validates library bodies, naming the field", async () => {
    for (const [body, field] of [
      [{ name: "x", environmentId: ENV.production }, "environmentId"],
      [{ name: "", environmentId: ENV.development }, "name"],
      [{ name: "x", resources: "all" }, "resources"],
      [{ name: "x", resources: [{ kind: "rule" }] }, "resources[0].id"],
      [{ name: "x", resources: [{ kind: "settings", id: "property" }] }, "resources[0].kind"],
      [{ name: "x", resources: [{ kind: "rule", id: "RLnone" }] }, "resources[0].id"],
      [{ name: "x", addAllChanged: "yes" }, "addAllChanged"],
    ] as const)
      expect((await editor.call("POST", `${P}/libraries`, body)).json(), field).toMatchObject({
        status: 400,
        errors: [{ path: field }],
      });
    const lib = library(await editor.call("POST", `${P}/libraries`, { name: "Empty" }));
    expect(lib.environmentId).toBeUndefined();
    expect(
      (await editor.call("POST", `${P}/libraries/${lib.id}/resources`, {})).json(),
    ).toMatchObject({ status: 400, errors: [{ path: "resources" }] });
    expect(
      (await editor.call("DELETE", `${P}/libraries/${lib.id}/resources/rule/RLnone`)).statusCode,
    ).toBe(404);
    expect(
      (await editor.call("DELETE", `${P}/libraries/${lib.id}/resources/widget/RLpageview`)).json(),
    ).toMatchObject({ status: 400, errors: [{ path: "kind" }] });
    expect(
      (
        await editor.call("POST", `${P}/libraries/${lib.id}/resources`, {
          resources: [{ kind: "rule", id: "RLnone" }],
        })
      ).json(),
    ).toMatchObject({ status: 400, errors: [{ path: "resources[0].id" }] });
    // An unknown library is 404 on every route.
    for (const [method, url, body] of [
      ["GET", `${P}/libraries/LBnone`, undefined],
      ["PATCH", `${P}/libraries/LBnone`, { name: "x" }],
      ["DELETE", `${P}/libraries/LBnone`, undefined],
      ["POST", `${P}/libraries/LBnone/resources`, { addAllChanged: true }],
      ["DELETE", `${P}/libraries/LBnone/resources/rule/RLpageview`, undefined],
      ["POST", `${P}/libraries/LBnone/submit`, undefined],
      ["GET", "/api/properties/PRnone/libraries", undefined],
    ] as const)
      expect((await editor.call(method, url, body)).json(), `${method} ${url}`).toMatchObject({
        status: 404,
        type: "urn:liftoff:errors:api:not-found",
      });
    // A library without a development environment cannot build there.
    expect((await editor.call("POST", `${P}/libraries/${lib.id}/build`)).json()).toMatchObject({
      status: 409,
      detail: expect.stringContaining("has no development environment"),
    });
    expect(
      (
        await editor.call("PATCH", `${P}/libraries/${lib.id}`, { environmentId: ENV.staging })
      ).json(),
    ).toMatchObject({ status: 400, errors: [{ path: "environmentId" }] });
  });

  it("builds the latest revisions in development and the pinned ones once submitted", async () => {
    // Production first holds the Core extension the rule needs: builds add to production.
    await publishCurrent("Baseline");
    const lib = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Pins",
        environmentId: ENV.development,
        resources: [{ kind: "rule", id: "RLpageview" }],
      }),
    );
    await saveRule("Page View", "RLpageview", "edited after the library was made");
    library(await editor.call("POST", `${P}/libraries/${lib.id}/build`));
    expect((await served(ENV.development)).body).toContain("edited after the library was made");

    const submitted = library(await editor.call("POST", `${P}/libraries/${lib.id}/submit`));
    expect(submitted.resources).toMatchObject([{ kind: "rule", pinnedRevision: 2, revision: 2 }]);
    await saveRule("Page View", "RLpageview", "edited after submit");
    library(await approver.call("POST", `${P}/libraries/${lib.id}/approve`));
    library(await approver.call("POST", `${P}/libraries/${lib.id}/publish`));
    const production = (await served(ENV.production)).body;
    expect(production).toContain("edited after the library was made");
    expect(production).not.toContain("edited after submit");
    // The rule's revision 3 is not in production: it shows as changed.
    expect((await current()).resources.find((r) => r.id === "RLpageview")).toMatchObject({
      revision: 3,
      publishedRevision: 2,
      changed: true,
    });
    // A submitted library's resources cannot change.
    expect(
      (
        await editor.call("POST", `${P}/libraries/${lib.id}/resources`, {
          resources: [{ kind: "dataElement", id: "DEpagename" }],
        })
      ).statusCode,
    ).toBe(409);
  });

  it("ships a library's 3 of 5 changed resources to production, and not the other 2", async () => {
    await publishCurrent("Baseline");
    const ids = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(await addRule(`change-${n}-marker`));
    const changed = (await current()).resources.filter((r) => r.changed).map((r) => r.id);
    expect(changed.sort()).toEqual([...ids].sort());

    const three = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Three of five",
        environmentId: ENV.development,
        resources: ids.slice(0, 3).map((id) => ({ kind: "rule", id })),
      }),
    );
    for (const [client, step] of [
      [editor, "build"],
      [editor, "submit"],
      [approver, "approve"],
      [approver, "publish"],
    ] as const)
      library(await client.call("POST", `${P}/libraries/${three.id}/${step}`));
    const production = (await served(ENV.production)).body;
    for (const n of [1, 2, 3]) expect(production).toContain(`change-${n}-marker`);
    for (const n of [4, 5]) expect(production).not.toContain(`change-${n}-marker`);
    // Production still holds the baseline's rule too: builds add to what production serves.
    expect(production).toContain("window.__seen");

    const rest = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "The other two",
        environmentId: ENV.development,
        addAllChanged: true,
      }),
    );
    expect(rest.resources.map((r) => r.id).sort()).toEqual(ids.slice(3).sort());
    for (const [client, step] of [
      [editor, "submit"],
      [approver, "approve"],
      [approver, "publish"],
    ] as const)
      library(await client.call("POST", `${P}/libraries/${rest.id}/${step}`));
    const after = (await served(ENV.production)).body;
    for (const n of [1, 2, 3, 4, 5]) expect(after).toContain(`change-${n}-marker`);
  });

  it("holds one library per development environment and one in staging", async () => {
    const first = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "First",
        environmentId: ENV.development,
      }),
    );
    const taken = await editor.call("POST", `${P}/libraries`, {
      name: "Second",
      environmentId: ENV.development,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ detail: string }>().detail).toContain('holds library "First"');
    const envs = (await editor.call("GET", `${P}/environments`)).json<EnvironmentInfo[]>();
    expect(envs.find((e) => e.id === ENV.development)!.heldBy).toMatchObject({
      id: first.id,
      name: "First",
      state: "development",
    });

    const qa = (
      await admin.call("POST", `${P}/environments`, { name: "QA" })
    ).json<EnvironmentInfo>();
    const second = library(
      await editor.call("POST", `${P}/libraries`, { name: "Second", environmentId: qa.id }),
    );
    expect(
      (
        await editor.call("PATCH", `${P}/libraries/${second.id}`, {
          environmentId: ENV.development,
        })
      ).statusCode,
    ).toBe(409);
    library(await editor.call("POST", `${P}/libraries/${first.id}/submit`));
    const refused = await editor.call("POST", `${P}/libraries/${second.id}/submit`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toContain('Staging holds library "First"');
    // Submitting freed the development environment.
    expect(
      library(
        await editor.call("PATCH", `${P}/libraries/${second.id}`, {
          environmentId: ENV.development,
          name: "Second, renamed",
        }),
      ),
    ).toMatchObject({ environmentId: ENV.development, name: "Second, renamed" });
    const staged = (await editor.call("GET", `${P}/environments`)).json<EnvironmentInfo[]>();
    expect(staged.find((e) => e.stage === "staging")!.heldBy).toMatchObject({ id: first.id });
    // A library in development can be deleted; a submitted one cannot.
    expect((await editor.call("DELETE", `${P}/libraries/${first.id}`)).statusCode).toBe(409);
    expect((await editor.call("DELETE", `${P}/libraries/${second.id}`)).statusCode).toBe(204);
  });

  it("adds and removes resources of a library in development", async () => {
    const lib = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Picked",
        environmentId: ENV.development,
      }),
    );
    expect(lib.resources).toEqual([]);
    const added = library(
      await editor.call("POST", `${P}/libraries/${lib.id}/resources`, {
        resources: [
          { kind: "rule", id: "RLpageview" },
          { kind: "dataElement", id: "DEpagename" },
        ],
      }),
    );
    expect(added.resources.map((r) => `${r.kind}:${r.id}:${r.name}`)).toEqual([
      "rule:RLpageview:Page View",
      "dataElement:DEpagename:page name",
    ]);
    const removed = library(
      await editor.call("DELETE", `${P}/libraries/${lib.id}/resources/rule/RLpageview`),
    );
    expect(removed.resources.map((r) => r.id)).toEqual(["DEpagename"]);
    const all = library(
      await editor.call("POST", `${P}/libraries/${lib.id}/resources`, { addAllChanged: true }),
    );
    expect(all.resources.map((r) => r.id)).toEqual(["DEpagename", "core", "RLpageview"]);
  });

  it("serves development no-cache and staging and production with the property's cache time", async () => {
    await publishCurrent("Cached");
    const dev = await app.inject({ url: `/libs/PRfixture/${ENV.development}/launch.min.js` });
    expect(dev.headers["cache-control"]).toBe("no-cache");
    const again = await app.inject({
      url: `/libs/PRfixture/${ENV.development}/launch.min.js`,
      headers: { "if-none-match": String(dev.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const prod = await app.inject({ url: `/libs/PRfixture/${ENV.production}/launch.min.js` });
    expect(prod.headers["cache-control"]).toBe("public, max-age=3600");
    const state = await current();
    const saved = await editor.call("PUT", `${P}/settings`, {
      revision: revisionOf(state, "settings", "property"),
      settings: { libraryMaxAge: 600 },
    });
    expect(saved.statusCode).toBe(200);
    const cacheOf = async (env: string) =>
      (await app.inject({ url: `/libs/PRfixture/${env}/launch.min.js` })).headers["cache-control"];
    // The new time applies to the files already served, and the environments say so.
    for (const env of [ENV.staging, ENV.production])
      expect(await cacheOf(env)).toBe("public, max-age=600");
    expect(await cacheOf(ENV.development)).toBe("no-cache");
    const environments = (await editor.call("GET", `${P}/environments`)).json<EnvironmentInfo[]>();
    expect(environments.map((e) => [e.stage, e.cacheControl])).toEqual([
      ["development", "no-cache"],
      ["staging", "public, max-age=600"],
      ["production", "public, max-age=600"],
    ]);
    // And to the next publish.
    await saveRule("Page View", "RLpageview", "after the cache change");
    await publishCurrent("Next");
    expect((await served(ENV.production)).body).toContain("after the cache change");
    expect(await cacheOf(ENV.production)).toBe("public, max-age=600");
    // No cache time at all: every load revalidates, as in development.
    expect(
      (
        await editor.call("PUT", `${P}/settings`, {
          revision: revisionOf(await current(), "settings", "property"),
          settings: { libraryMaxAge: 0 },
        })
      ).statusCode,
    ).toBe(200);
    expect(await cacheOf(ENV.production)).toBe("no-cache");
    const bad = await editor.call("PUT", `${P}/settings`, {
      revision: revisionOf(await current(), "settings", "property"),
      settings: { libraryMaxAge: -5 },
    });
    expect(bad.json<{ errors: Array<{ path: string }> }>().errors[0]!.path).toBe(
      "property.settings.libraryMaxAge",
    );
  });

  it("keeps a deleted rule listed until a production publish removes it", async () => {
    await publishCurrent("Before delete");
    const state = await current();
    const other = await addRule("shipped-without-the-delete");
    const answer = await editor.call(
      "DELETE",
      `${P}/rules/RLpageview?revision=${revisionOf(state, "rule", "RLpageview")}`,
    );
    expect(answer.json<ItemSaved>()).toMatchObject({
      item: null,
      resource: { deleted: true, changed: true, publishedRevision: 1 },
    });
    const deleted = await current();
    expect(deleted.document.rules.map((r) => r.id)).toEqual([other]);
    expect(deleted.resources.find((r) => r.id === "RLpageview")).toMatchObject({
      deleted: true,
      changed: true,
      publishedRevision: 1,
    });
    // Production still runs it until a library carrying the delete ships: not this one.
    const without = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Without the delete",
        environmentId: ENV.development,
        resources: [{ kind: "rule", id: other }],
      }),
    );
    for (const [client, step] of [
      [editor, "submit"],
      [approver, "approve"],
      [approver, "publish"],
    ] as const)
      library(await client.call("POST", `${P}/libraries/${without.id}/${step}`));
    const production = (await served(ENV.production)).body;
    expect(production).toContain("shipped-without-the-delete");
    expect(production).toContain("window.__seen");
    expect((await current()).resources.find((r) => r.id === "RLpageview")).toMatchObject({
      deleted: true,
      changed: true,
      publishedRevision: 1,
    });

    const carrying = await publishCurrent("Delete it");
    expect(carrying.resources).toMatchObject([
      { kind: "rule", id: "RLpageview", pinnedRevision: 2, deleted: true },
    ]);
    expect((await served(ENV.production)).body).not.toContain("window.__seen");
    expect((await served(ENV.production)).body).toContain("shipped-without-the-delete");
    expect((await current()).resources.some((r) => r.id === "RLpageview")).toBe(false);
    // Its history stays.
    expect((await editor.call("GET", `${P}/resources/rule/RLpageview/revisions`)).statusCode).toBe(
      200,
    );
  });

  it("rolls production back by republishing an earlier library", async () => {
    const first = await publishCurrent("First");
    const firstProduction = await served(ENV.production);
    await saveRule("Page View v2");
    await publishCurrent("Second");
    const secondProduction = await served(ENV.production);
    expect(secondProduction.etag).not.toBe(firstProduction.etag);
    expect(secondProduction.body).toContain("Page View v2");

    expect((await editor.call("POST", `${P}/libraries/${first.id}/republish`)).statusCode).toBe(
      403,
    );
    const rolledBack = library(await approver.call("POST", `${P}/libraries/${first.id}/republish`));
    expect(rolledBack.builds.filter((b) => b.stage === "production")).toHaveLength(2);
    expect(rolledBack.live).toBe(true);
    const now = await served(ENV.production);
    expect(now.body).not.toContain("Page View v2");
    expect(now.body).toContain('"Page View"');
    // The very bytes production served before, but for the date the build stamps in.
    const undated = (body: string) => body.replace(/"buildDate":"[^"]*"/g, '"buildDate":""');
    expect(undated(now.body)).toBe(undated(firstProduction.body));
    expect(now.body).toContain('"buildDate":"');
    const production = (await editor.call("GET", `${P}/environments`))
      .json<EnvironmentInfo[]>()
      .find((e) => e.stage === "production");
    expect(production?.libraryId).toBe(first.id);
    // Production serves revision 1 of the rule again: revision 2 is a change to ship.
    expect((await current()).resources.find((r) => r.id === "RLpageview")).toMatchObject({
      publishedRevision: 1,
      changed: true,
    });
  });

  it("leaves production and the library untouched when the production build fails", async () => {
    await publishCurrent("Live");
    const before = await served(ENV.production);
    await saveRule("Broken release");
    const lib = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Next",
        environmentId: ENV.development,
        addAllChanged: true,
      }),
    );
    await editor.call("POST", `${P}/libraries/${lib.id}/submit`);
    await approver.call("POST", `${P}/libraries/${lib.id}/approve`);
    failFor.add(ENV.production);
    const res = await approver.call("POST", `${P}/libraries/${lib.id}/publish`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      type: "urn:liftoff:errors:api:build-failed",
      detail: "esbuild: disk full",
    });
    expect(await served(ENV.production)).toEqual(before);
    expect(library(await editor.call("GET", `${P}/libraries/${lib.id}`))).toMatchObject({
      state: "approved",
    });
    expect(
      (await editor.call("GET", `${P}/environments`))
        .json<EnvironmentInfo[]>()
        .find((e) => e.stage === "production")?.libraryId,
    ).not.toBe(lib.id);
    failFor.clear();
    expect(library(await approver.call("POST", `${P}/libraries/${lib.id}/publish`)).state).toBe(
      "published",
    );
    expect((await served(ENV.production)).body).toContain("Broken release");
  });

  it("refuses to build a library with validation problems (422 naming them)", async () => {
    // Saving an enabled item with problems is refused, but disabling a data element another
    // one names leaves that one broken: the build must catch it.
    const section = await editor.call("POST", `${P}/data-elements`, {
      dataElement: {
        name: "section",
        modulePath: "core/src/lib/dataElements/constant.js",
        settings: { value: "home:%page name%" },
      },
    });
    expect(section.statusCode).toBe(201);
    const state = (await editor.call("GET", P)).json<PropertyState>();
    const pageName = state.document.dataElements.find((e) => e.id === "DEpagename")!;
    const disabled = await editor.call("PUT", `${P}/data-elements/DEpagename`, {
      revision: 1,
      dataElement: { ...pageName, enabled: false },
    });
    expect(disabled.statusCode).toBe(200);
    const lib = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Bad",
        environmentId: ENV.development,
        addAllChanged: true,
      }),
    );
    const res = await editor.call("POST", `${P}/libraries/${lib.id}/build`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      type: "urn:liftoff:errors:api:property-invalid",
      errors: [{ path: "dataElements[1].settings.value" }],
    });
    expect((await served(ENV.development)).status).toBe(404);
  });

  it("builds a library whose token names a deleted data element, warning about the token", async () => {
    // Launch publishes such a token and the page gets its text: advice, not a refusal.
    await editor.call("POST", `${P}/data-elements`, {
      dataElement: {
        name: "section",
        modulePath: "core/src/lib/dataElements/constant.js",
        settings: { value: "home:%page name%" },
      },
    });
    const deleted = await editor.call("DELETE", `${P}/data-elements/DEpagename?revision=1`);
    expect(deleted.statusCode).toBe(200);
    // Warnings span the whole property: they come with the next validation of it.
    const validation = await editor.call("GET", `${P}/validation`);
    expect(validation.json<PropertyState>().warnings).toContainEqual({
      path: "dataElements[0].settings.value",
      message:
        '%page name% names no data element and no _satellite.setVar variable: the page gets the text "%page name%"',
      where: 'data element "section"',
      severity: "warning",
    });
    const lib = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Dangling",
        environmentId: ENV.development,
        addAllChanged: true,
      }),
    );
    expect((await editor.call("POST", `${P}/libraries/${lib.id}/build`)).statusCode).toBe(200);
    expect((await served(ENV.development)).body).toContain("home:%page name%");
  });

  it("adds and removes development environments (admin only), each with its own datastream", async () => {
    expect((await editor.call("POST", `${P}/environments`, { name: "QA" })).statusCode).toBe(403);
    const res = await admin.call("POST", `${P}/environments`, { name: "QA" });
    expect(res.statusCode).toBe(201);
    const qa = res.json<EnvironmentInfo>();
    expect(qa).toMatchObject({ name: "QA", stage: "development", cacheControl: "no-cache" });
    expect(qa.libraryUrl).toMatch(new RegExp(`/libs/PRfixture/${qa.id}/launch\\.min\\.js$`));
    expect(
      (await app.store.datastreams.list()).some(
        (d) => d.environmentId === qa.id && d.stage === "development",
      ),
    ).toBe(true);
    const lib = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "QA build",
        environmentId: qa.id,
        addAllChanged: true,
      }),
    );
    await editor.call("POST", `${P}/libraries/${lib.id}/build`);
    expect((await served(qa.id)).status).toBe(200);
    const refuse = await admin.call("DELETE", `${P}/environments/${ENV.production}?revision=1`);
    expect(refuse.statusCode).toBe(409);
    // While a library holds it, the environment stays.
    const held = await admin.call("DELETE", `${P}/environments/${qa.id}?revision=1`);
    expect(held.json<{ detail: string }>().detail).toContain('holds library "QA build"');
    library(await editor.call("PATCH", `${P}/libraries/${lib.id}`, { environmentId: null }));
    expect((await admin.call("DELETE", `${P}/environments/${qa.id}?revision=1`)).statusCode).toBe(
      204,
    );
    const envs = (await editor.call("GET", `${P}/environments`)).json<EnvironmentInfo[]>();
    expect(envs.map((e) => e.id)).toEqual([ENV.development, ENV.staging, ENV.production]);
  });
});
