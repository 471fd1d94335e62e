import { Writable } from "node:stream";
import type { AuditEntry, LibraryInfo, PropertyDocument, PropertyState } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import createApp from "../../main/createApp.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import * as realBuilder from "@liftoff/builder";
import { createApiContext } from "../../main/ApiContext.ts";
import loadDemoModules from "../demo/loadDemoModules.ts";
import seedProperty from "./seedProperty.ts";
import { REPORTING } from "@liftoff/pc-marketing";
import { ADMIN_PASSWORD, fixtureDocument, signIn } from "../../main/testSupport.ts";

const quiet = { adminPassword: ADMIN_PASSWORD, print: () => undefined };

const demoOf = (document: PropertyDocument, origins: string[] = []) => ({
  document: () => Promise.resolve(document),
  origins,
});

describe("the demo on first start with a store (as liftoff serve --demo runs)", () => {
  it("seeds the property as revision 1 by system and publishes library Initial to every environment, once", async () => {
    const store = new SqliteStore(":memory:");
    const start = () =>
      createApp({
        store,
        rateLimitPerSecond: 0,
        auth: quiet,
        demo: demoOf(fixtureDocument()),
      });
    let app = start();
    try {
      await app.ready();
      const admin = await signIn(app, "admin", ADMIN_PASSWORD);
      const state = (await admin.call("GET", "/api/properties/PRfixture")).json<PropertyState>();
      expect(state).toMatchObject({ revision: 1, updatedBy: "system", problems: [] });
      const [library] = (await admin.call("GET", "/api/properties/PRfixture/libraries")).json<
        LibraryInfo[]
      >();
      expect(library).toMatchObject({
        name: "Initial",
        state: "published",
        createdBy: "system",
        live: true,
      });
      // Every rule, data element and extension, pinned at revision 1.
      expect(library!.resources.map((r) => `${r.kind}:${r.id}@${r.pinnedRevision}`)).toEqual([
        "extension:core@1",
        "dataElement:DEpagename@1",
        "rule:RLpageview@1",
      ]);
      expect(state.resources.every((r) => !r.changed)).toBe(true);
      for (const env of ["PRfixturedev", "PRfixturestage", "PRfixtureprod"]) {
        const res = await app.inject({ url: `/libs/PRfixture/${env}/launch.min.js` });
        expect(res.statusCode, env).toBe(200);
      }
      const audit = (await admin.call("GET", "/api/audit?propertyId=PRfixture")).json<
        AuditEntry[]
      >();
      expect(audit.map((e) => `${e.user} ${e.action}`)).toEqual([
        "system library.publish",
        "system library.approve",
        "system library.submit",
        "system library.build",
        "system library.create",
        "system property.seed",
      ]);
      await app.close();

      app = start();
      await app.ready();
      expect(await store.authoring.listLibraries("PRfixture")).toHaveLength(1);
      expect(await store.users.count()).toBe(1);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it("requires a signed-in viewer on the event, datastream and report routes", async () => {
    const store = new SqliteStore(":memory:");
    const app = createApp({
      store,
      rateLimitPerSecond: 0,
      auth: quiet,
    });
    try {
      for (const url of [
        "/api/events",
        "/api/%65vents",
        "/api/datastreams",
        "/api/live",
        "/api/reports/page-views",
      ]) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(401);
        expect(res.headers["content-type"]).toContain("application/problem+json");
      }
      const admin = await signIn(app, "admin", ADMIN_PASSWORD);
      expect((await admin.call("GET", "/api/events")).statusCode).toBe(200);
      expect((await admin.call("GET", "/api/datastreams")).statusCode).toBe(200);
      // The edge and the libraries stay public: pages call them.
      expect((await app.inject({ url: "/libs/allowed-hosts.json" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it("keeps starting when the seed cannot be published, and says why in the log", async () => {
    const store = new SqliteStore(":memory:");
    const broken = fixtureDocument();
    broken.rules[0]!.actions[0]!.settings = { source: "if (", language: "javascript" };
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = createApp({
      store,
      rateLimitPerSecond: 0,
      auth: quiet,
      logger: { level: "info", stream },
      demo: demoOf(broken),
    });
    try {
      await app.ready();
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
      expect((await store.authoring.getProperty("PRfixture"))?.revision).toBe(1);
      expect(
        (await app.inject({ url: "/libs/PRfixture/PRfixtureprod/launch.min.js" })).statusCode,
      ).toBe(404);
      expect(
        lines.some((l) => l.includes("demo: the property could not be seeded and published")),
      ).toBe(true);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it("seeds pc-marketing, every environment serving its library, its datastreams open to the demo site", async () => {
    const store = new SqliteStore(":memory:");
    const site = "http://127.0.0.1:8081";
    const { property } = await loadDemoModules();
    const document = property.createPropertyDocument({ vendorOrigin: site });
    const app = createApp({
      store,
      rateLimitPerSecond: 0,
      auth: quiet,
      demo: demoOf(document, [site]),
    });
    try {
      await app.ready();
      const record = await store.authoring.getProperty("PRpcmarketing");
      expect(record).toMatchObject({ revision: 1, updatedBy: "system" });
      // Its own reports come with it (its reporting mapping, docs/pc-marketing.md).
      expect(record!.document.property.settings.reporting).toEqual(REPORTING);
      for (const stage of ["development", "staging", "production"]) {
        const res = await app.inject({
          url: `/libs/PRpcmarketing/ENpcmarketing${stage}/launch.min.js`,
        });
        expect(res.statusCode, stage).toBe(200);
        expect(res.body).toContain("window._satellite");
        // The vendor tags load the demo site's stand-ins, not unresolvable placeholder hosts.
        expect(res.body).toContain(`${site}/vendor`);
        expect(res.body).not.toContain("vendor.example");
      }
      // One datastream per environment, named as its Web SDK sends, open to the demo site only.
      expect(
        (await store.datastreams.list()).map((d) => [d.id, d.environmentId, d.allowedOrigins]),
      ).toEqual([
        ["pc-marketing-development", "ENpcmarketingdevelopment", [site]],
        ["pc-marketing-production", "ENpcmarketingproduction", [site]],
        ["pc-marketing-staging", "ENpcmarketingstaging", [site]],
      ]);
    } finally {
      await app.close();
      await store.close();
    }
  }, 60_000);

  it("gives a property seeded without a reporting mapping its seed's, once, never over an author's", async () => {
    const store = new SqliteStore(":memory:");
    await store.migrate();
    const ctx = createApiContext(store, realBuilder);
    try {
      // As an older release seeded it: no mapping.
      expect(await seedProperty(ctx, fixtureDocument())).toBe("published");
      const seed = fixtureDocument();
      seed.property.settings.reporting = structuredClone(REPORTING);
      expect(await seedProperty(ctx, seed)).toBe("skipped");
      const record = await store.authoring.getProperty("PRfixture");
      expect(record!.document.property.settings.reporting).toEqual(REPORTING);
      const revisions = await store.authoring.listRevisions("PRfixture");
      const latest = revisions.reduce((a, b) => (b.revision > a.revision ? b : a));
      expect(latest).toMatchObject({
        author: "system",
        summary: "added the seed's reporting mapping (the property had none)",
      });
      // Once: the next start saves nothing; an emptied mapping stays empty.
      expect(await seedProperty(ctx, seed)).toBe("skipped");
      expect(await store.authoring.listRevisions("PRfixture")).toHaveLength(revisions.length);
      await ctx.properties.change("PRfixture", "erin", [], (draft) => {
        draft.property.settings.reporting = { fields: [], reports: [] };
        return { action: "property.settings", summary: "emptied the mapping" };
      });
      expect(await seedProperty(ctx, seed)).toBe("skipped");
      const emptied = await store.authoring.getProperty("PRfixture");
      expect(emptied!.document.property.settings.reporting).toEqual({ fields: [], reports: [] });
    } finally {
      await store.close();
    }
  });

  it("finishes a seed that was cut short, on the next start, with the same library", async () => {
    const store = new SqliteStore(":memory:");
    await store.migrate();
    const ctx = createApiContext(store, realBuilder);
    try {
      expect(await seedProperty(ctx, fixtureDocument(), AbortSignal.abort())).toBe("stopped");
      const [stopped] = await store.authoring.listLibraries("PRfixture");
      expect(stopped).toMatchObject({ name: "Initial", state: "development", builds: [] });
      expect(await seedProperty(ctx, fixtureDocument(), new AbortController().signal)).toBe(
        "published",
      );
      const libraries = await store.authoring.listLibraries("PRfixture");
      expect(libraries).toMatchObject([{ id: stopped!.id, state: "published" }]);
      expect(await seedProperty(ctx, fixtureDocument(), new AbortController().signal)).toBe(
        "skipped",
      );
      expect((await store.authoring.listRevisions("PRfixture")).length).toBe(1);
    } finally {
      await store.close();
    }
  });

  it("leaves a store with other properties alone", async () => {
    const store = new SqliteStore(":memory:");
    await store.migrate();
    const ctx = createApiContext(store, realBuilder);
    try {
      await ctx.properties.create(fixtureDocument("PRother"), "erin", {
        action: "property.import",
        summary: "x",
      });
      expect(await seedProperty(ctx, fixtureDocument(), new AbortController().signal)).toBe(
        "skipped",
      );
      expect(await store.authoring.getProperty("PRfixture")).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
