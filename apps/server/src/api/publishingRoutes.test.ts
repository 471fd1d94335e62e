import * as realBuilder from "@liftoff/builder";
import type { AuditEntry, EnvironmentInfo, LibraryInfo, PropertyState } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../createApp.ts";
import type { PartialBuilder } from "./BuilderApi.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "./testSupport.ts";

const P = "/api/properties/PRfixture";
const ENV = { development: "PRfixturedev", staging: "PRfixturestage", production: "PRfixtureprod" };

let app: LiftoffApp;
let admin: Client;
let editor: Client;
let approver: Client;
/** Which environments the test builder refuses to build for (the failed-build case). */
let failFor: Set<string>;

/** The real builder, except that it throws for the environments in `failFor`. */
const builder: PartialBuilder = {
  ...(realBuilder as unknown as PartialBuilder),
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

/** A library of the current revision, taken through the whole flow to production. */
async function publishCurrent(name: string): Promise<LibraryInfo> {
  const created = library(
    await editor.call("POST", `${P}/libraries`, { name, environmentId: ENV.development }),
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

async function renameRule(name: string): Promise<number> {
  const current = (await editor.call("GET", P)).json<PropertyState>();
  const rule = current.document.rules[0]!;
  const res = await editor.call("PUT", `${P}/rules/${rule.id}`, {
    revision: current.revision,
    rule: { ...rule, name },
  });
  return res.json<PropertyState>().revision;
}

describe("publishing", () => {
  it("builds to development, submits to staging, publishes to production, each served at a stable URL", async () => {
    const lib = library(
      await editor.call("POST", `${P}/libraries`, {
        name: "Spring launch",
        environmentId: ENV.development,
      }),
    );
    expect(lib).toMatchObject({
      state: "development",
      revision: 1,
      builds: [],
      createdBy: editor.session.user.username,
    });
    expect((await served(ENV.development)).status).toBe(404);

    const built = library(await editor.call("POST", `${P}/libraries/${lib.id}/build`));
    expect(built.builds).toMatchObject([{ environmentId: ENV.development, stage: "development" }]);
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
    expect(library(await editor.call("POST", `${P}/libraries/${lib.id}/submit`)).state).toBe(
      "submitted",
    );
    expect((await served(ENV.staging)).status).toBe(200);
    expect((await editor.call("POST", `${P}/libraries/${lib.id}/publish`)).statusCode).toBe(403);
    expect(library(await approver.call("POST", `${P}/libraries/${lib.id}/approve`)).state).toBe(
      "approved",
    );
    expect((await served(ENV.production)).status).toBe(404);
    const published = library(await approver.call("POST", `${P}/libraries/${lib.id}/publish`));
    expect(published).toMatchObject({ state: "published" });
    expect(published.publishedAt).toBeDefined();
    expect(published.builds.map((b) => b.stage)).toEqual(["development", "staging", "production"]);
    expect((await served(ENV.production)).body).toContain("window._satellite");

    const envs = (await editor.call("GET", `${P}/environments`)).json<EnvironmentInfo[]>();
    const production = envs.find((e) => e.stage === "production")!;
    expect(production).toMatchObject({
      libraryId: lib.id,
      libraryUrl: `http://localhost/libs/PRfixture/${ENV.production}/launch.min.js`,
      embedCode: `<script src="http://localhost/libs/PRfixture/${ENV.production}/launch.min.js" async></script>`,
    });
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
      await editor.call("POST", `${P}/libraries`, { name: "Try", environmentId: ENV.development }),
    );
    expect((await editor.call("POST", `${P}/libraries/${lib.id}/submit`)).statusCode).toBe(200);
    expect(library(await approver.call("POST", `${P}/libraries/${lib.id}/reject`)).state).toBe(
      "rejected",
    );
    expect((await approver.call("POST", `${P}/libraries/${lib.id}/publish`)).statusCode).toBe(409);
    expect((await editor.call("POST", `${P}/libraries/${lib.id}/submit`)).statusCode).toBe(409);
    expect(library(await editor.call("POST", `${P}/libraries/${lib.id}/build`)).state).toBe(
      "development",
    );
    expect((await approver.call("POST", `${P}/libraries/LBnone/build`)).statusCode).toBe(404);
  });

  it("validates library bodies: a development environment and an existing revision", async () => {
    for (const [body, field] of [
      [{ name: "x", environmentId: ENV.production }, "environmentId"],
      [{ name: "", environmentId: ENV.development }, "name"],
      [{ name: "x", environmentId: ENV.development, revision: 0 }, "revision"],
    ] as const)
      expect((await editor.call("POST", `${P}/libraries`, body)).json()).toMatchObject({
        status: 400,
        field,
      });
    expect(
      (
        await editor.call("POST", `${P}/libraries`, {
          name: "x",
          environmentId: ENV.development,
          revision: 7,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("rolls production back by republishing an earlier library", async () => {
    const first = await publishCurrent("First");
    const firstProduction = await served(ENV.production);
    await renameRule("Page View v2");
    const second = await publishCurrent("Second");
    expect(second.revision).toBe(2);
    const secondProduction = await served(ENV.production);
    expect(secondProduction.etag).not.toBe(firstProduction.etag);
    expect(secondProduction.body).toContain("Page View v2");

    expect((await editor.call("POST", `${P}/libraries/${first.id}/republish`)).statusCode).toBe(
      403,
    );
    const rolledBack = library(await approver.call("POST", `${P}/libraries/${first.id}/republish`));
    expect(rolledBack.builds.filter((b) => b.stage === "production")).toHaveLength(2);
    const now = await served(ENV.production);
    expect(now.body).not.toContain("Page View v2");
    expect(now.body).toContain('"Page View"');
    const production = (await editor.call("GET", `${P}/environments`))
      .json<EnvironmentInfo[]>()
      .find((e) => e.stage === "production");
    expect(production?.libraryId).toBe(first.id);
  });

  it("leaves production and the library untouched when the production build fails", async () => {
    await publishCurrent("Live");
    const before = await served(ENV.production);
    await renameRule("Broken release");
    const lib = library(
      await editor.call("POST", `${P}/libraries`, { name: "Next", environmentId: ENV.development }),
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

  it("refuses to build a revision with validation problems (422 naming them)", async () => {
    const current = (await editor.call("GET", P)).json<PropertyState>();
    const rule = current.document.rules[0]!;
    await editor.call("PUT", `${P}/rules/${rule.id}`, {
      revision: 1,
      rule: {
        ...rule,
        actions: [{ ...rule.actions[0]!, settings: { source: "if (", language: "javascript" } }],
      },
    });
    const lib = library(
      await editor.call("POST", `${P}/libraries`, { name: "Bad", environmentId: ENV.development }),
    );
    const res = await editor.call("POST", `${P}/libraries/${lib.id}/build`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      type: "urn:liftoff:errors:api:property-invalid",
      errors: [{ path: "rules[0].actions[0].settings.source" }],
    });
    expect((await served(ENV.development)).status).toBe(404);
  });

  it("adds and removes development environments (admin only), each with its own datastream", async () => {
    expect(
      (await editor.call("POST", `${P}/environments`, { revision: 1, name: "QA" })).statusCode,
    ).toBe(403);
    const res = await admin.call("POST", `${P}/environments`, { revision: 1, name: "QA" });
    expect(res.statusCode).toBe(201);
    const qa = res.json<EnvironmentInfo>();
    expect(qa).toMatchObject({ name: "QA", stage: "development" });
    expect(qa.libraryUrl).toMatch(new RegExp(`/libs/PRfixture/${qa.id}/launch\\.min\\.js$`));
    expect(
      (await app.store.datastreams.list()).some(
        (d) => d.environmentId === qa.id && d.stage === "development",
      ),
    ).toBe(true);
    const lib = library(
      await editor.call("POST", `${P}/libraries`, { name: "QA build", environmentId: qa.id }),
    );
    await editor.call("POST", `${P}/libraries/${lib.id}/build`);
    expect((await served(qa.id)).status).toBe(200);
    const refuse = await admin.call("DELETE", `${P}/environments/${ENV.production}?revision=2`);
    expect(refuse.statusCode).toBe(409);
    expect((await admin.call("DELETE", `${P}/environments/${qa.id}?revision=2`)).statusCode).toBe(
      204,
    );
    const envs = (await editor.call("GET", `${P}/environments`)).json<EnvironmentInfo[]>();
    expect(envs.map((e) => e.id)).toEqual([ENV.development, ENV.staging, ENV.production]);
  });
});
