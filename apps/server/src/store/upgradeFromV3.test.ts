import * as builder from "@liftoff/builder";
import type {
  LibraryInfo,
  PropertyDocument,
  PropertyState,
  ResourceRevisionInfo,
} from "@liftoff/schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADMIN_PASSWORD, fixtureDocument, signIn } from "../main/testSupport.ts";
import createApp from "../main/createApp.ts";
import { latestVersion } from "./migrations.ts";
import { PostgresStore } from "./PostgresStore.ts";
import { SqliteStore } from "./SqliteStore.ts";
import type { Store } from "./Store.ts";
import useTestPostgres from "../db/testPostgres.ts";
import type { SqlClient } from "../db/SqlClient.ts";
import { postgresClient, sqliteClient } from "../db/SqlClient.ts";

// A database the previous release left (schema version 3: every revision a whole document
// under one lock, a library one property revision) upgrades in place: every old revision
// reads back whole, every served file is byte for byte the same, the published library's
// manifest rebuilds to exactly the production bytes, and the property keeps working.
const PID = "PRfixture";
const ENV = { dev: "PRfixturedev", stage: "PRfixturestage", prod: "PRfixtureprod" };
const BUILD_DATE = "2026-03-01T12:00:00.000Z";

/** The four revisions the old release stored, key order as clients sent it. */
function oldRevisions(): PropertyDocument[] {
  const first = fixtureDocument(PID);
  // Not alphabetical, not the order the server would write: it must survive as written.
  first.property = { name: first.property.name, id: PID, settings: first.property.settings };
  const second = structuredClone(first);
  second.rules[0]!.name = "Page View v2";
  const third = structuredClone(second);
  third.dataElements = [];
  third.rules[0]!.actions[0]!.settings = { source: "window.__seen = 3;", language: "javascript" };
  third.rules.push({
    id: "RLadded",
    name: "Added later",
    events: [{ id: "RCadded", modulePath: "core/src/lib/events/libraryLoaded.js", settings: {} }],
    conditions: [],
    actions: [],
  });
  const fourth = structuredClone(third);
  fourth.extensions[0]!.settings = { zeta: 1 };
  fourth.rules[0]!.name = "Page View v4";
  // Deleted in revision 3, back in revision 4.
  fourth.dataElements = structuredClone(first.dataElements);
  return [first, second, third, fourth];
}

async function build(document: PropertyDocument, environmentId: string): Promise<Buffer> {
  const built = await builder.buildLibrary(document, {
    environmentId,
    buildDate: BUILD_DATE,
    minify: true,
  });
  return Buffer.from(built.code);
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString();

/** Writes what the version-3 repositories wrote: revisions, libraries, files, pointers. */
async function writeVersion3(sql: SqlClient, docs: PropertyDocument[]) {
  const files = {
    prod: await build(docs[1]!, ENV.prod),
    stage: await build(docs[2]!, ENV.stage),
    dev: await build(docs[3]!, ENV.dev),
  };
  const authors = ["erin", "sam", "erin", "kim"];
  await sql.transaction([
    {
      sql: "INSERT INTO properties (id, name, revision) VALUES (?, ?, 4)",
      params: [PID, "Fixture"],
    },
    ...docs.map((doc, i) => ({
      sql: `INSERT INTO property_revisions (property_id, revision, created_at, author, summary, document)
            VALUES (?, ?, ?, ?, ?, ?)`,
      params: [PID, i + 1, at(i), authors[i], `change ${i + 1}`, JSON.stringify(doc)],
    })),
    ...(
      [
        ["LBpub", "Spring", 2, "published", ENV.dev, 10, [["production", ENV.prod]]],
        ["LBsub", "Summer", 3, "submitted", ENV.dev, 11, [["staging", ENV.stage]]],
        ["LBdevB", "Older idea", 3, "development", ENV.dev, 12, []],
        ["LBdevA", "Autumn", 4, "development", ENV.dev, 13, [["development", ENV.dev]]],
      ] as const
    ).map(([id, name, revision, state, env, minute, builds]) => ({
      sql: `INSERT INTO property_libraries (id, property_id, name, revision, state, environment_id,
            created_at, created_by, builds, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      params: [
        id,
        PID,
        name,
        revision,
        state,
        env,
        at(minute),
        "erin",
        JSON.stringify(
          builds.map(([stage, environmentId]) => ({
            environmentId,
            stage,
            at: at(minute + 1),
            by: "erin",
            bytes: 1,
            gzipBytes: 1,
            durationMs: 1,
          })),
        ),
        state === "published" ? at(minute + 1) : null,
      ],
    })),
    ...(
      [
        [ENV.prod, files.prod, "LBpub"],
        [ENV.stage, files.stage, "LBsub"],
        [ENV.dev, files.dev, "LBdevA"],
      ] as const
    ).flatMap(([env, body, library]) => [
      {
        sql: `INSERT INTO libraries (property_id, environment_id, file_name, content_type, body, etag, published_at)
              VALUES (?, ?, ?, ?, ?, ?, ?)`,
        params: [
          PID,
          env,
          "launch.min.js",
          "application/javascript; charset=utf-8",
          body,
          `"${library}"`,
          at(30),
        ],
      },
      {
        sql: `INSERT INTO environment_libraries (property_id, environment_id, library_id, built_at)
              VALUES (?, ?, ?, ?)`,
        params: [PID, env, library, at(30)],
      },
    ]),
  ]);
  return files;
}

async function upgradeScenario(store: Store, sql: SqlClient) {
  expect(await store.migrate(3)).toBe(3);
  const docs = oldRevisions();
  const files = await writeVersion3(sql, docs);
  expect(await store.migrate()).toBe(latestVersion);

  // Every old revision reads back whole, exactly as stored.
  for (const [i, doc] of docs.entries())
    expect(JSON.stringify((await store.authoring.getRevision(PID, i + 1))!.document)).toBe(
      JSON.stringify(doc),
    );
  // Each old revision became one change naming the resources it gave a new revision.
  expect(
    (await store.authoring.listRevisions(PID)).map((r) => [
      r.revision,
      r.author,
      r.summary,
      r.resources.map((x) => `${x.kind}:${x.id}@${x.revision}`),
    ]),
  ).toEqual([
    [4, "kim", "change 4", ["dataElement:DEpagename@3", "extension:core@2", "rule:RLpageview@4"]],
    [3, "erin", "change 3", ["dataElement:DEpagename@2", "rule:RLadded@1", "rule:RLpageview@3"]],
    [2, "sam", "change 2", ["rule:RLpageview@2"]],
    [
      1,
      "erin",
      "change 1",
      [
        "dataElement:DEpagename@1",
        `environment:${ENV.dev}@1`,
        `environment:${ENV.prod}@1`,
        `environment:${ENV.stage}@1`,
        "extension:core@1",
        "rule:RLpageview@1",
        "settings:property@1",
      ],
    ],
  ]);
  const history = async (kind: "rule" | "dataElement" | "extension", id: string) =>
    (await store.authoring.resourceHistory(PID, { kind, id })).map((h: ResourceRevisionInfo) => [
      h.revision,
      h.propertyRevision,
      h.deleted,
    ]);
  expect(await history("rule", "RLpageview")).toEqual([
    [4, 4, false],
    [3, 3, false],
    [2, 2, false],
    [1, 1, false],
  ]);
  expect(await history("dataElement", "DEpagename")).toEqual([
    [3, 4, false],
    [2, 3, true],
    [1, 1, false],
  ]);
  expect(await history("extension", "core")).toEqual([
    [2, 4, false],
    [1, 1, false],
  ]);

  // The served files: the same bytes, each cached as its stage wants.
  for (const [env, body, cache] of [
    [ENV.prod, files.prod, "public, max-age=3600"],
    [ENV.stage, files.stage, "public, max-age=3600"],
    [ENV.dev, files.dev, "no-cache"],
  ] as const) {
    const file = (await store.libraries.get(PID, env, "launch.min.js"))!;
    expect(file.body.equals(body), env).toBe(true);
    expect(file.cacheControl).toBe(cache);
  }

  const libraries = new Map((await store.authoring.listLibraries(PID)).map((l) => [l.id, l]));
  // Of two development libraries on one environment, the one it serves keeps it.
  expect(libraries.get("LBdevA")!.environmentId).toBe(ENV.dev);
  expect(libraries.get("LBdevB")!.environmentId).toBeUndefined();
  // The submitted library holds the resources of its revision, pinned there with the names
  // they had then.
  expect(
    libraries
      .get("LBsub")!
      .resources.map((r) => `${r.kind}:${r.id}@${r.pinned?.revision} ${r.pinned?.name}`),
  ).toEqual([
    "extension:core@1 Core",
    "rule:RLpageview@3 Page View v2",
    "rule:RLadded@1 Added later",
  ]);
  expect(libraries.get("LBpub")!.resolved).toEqual({
    "extension:core": 1,
    "dataElement:DEpagename": 1,
    "rule:RLpageview": 2,
  });
  expect(libraries.get("LBdevA")!.resources.every((r) => r.pinned === undefined)).toBe(true);

  // Through the API: the published library's manifest rebuilds to the very same bytes.
  const app = createApp({
    store,
    rateLimitPerSecond: 0,
    auth: { adminPassword: ADMIN_PASSWORD, print: () => undefined },
  });
  await app.ready();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(BUILD_DATE));
  try {
    const republished = await admin.call(
      "POST",
      `/api/properties/${PID}/libraries/LBpub/republish`,
    );
    expect(republished.statusCode, republished.body).toBe(200);
  } finally {
    vi.useRealTimers();
  }
  const rebuilt = await app.inject({ url: `/libs/${PID}/${ENV.prod}/launch.min.js` });
  expect(Buffer.from(rebuilt.rawPayload).equals(files.prod)).toBe(true);

  // And work goes on: save a rule from its current revision, build the development library.
  const state = (await admin.call("GET", `/api/properties/${PID}`)).json<PropertyState>();
  const rule = state.document.rules.find((r) => r.id === "RLpageview")!;
  const saved = await admin.call("PUT", `/api/properties/${PID}/rules/RLpageview`, {
    revision: state.resources.find((r) => r.id === "RLpageview")!.revision,
    rule: {
      ...rule,
      actions: [
        {
          ...rule.actions[0]!,
          settings: { source: "window.__upgraded = 1;", language: "javascript" },
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const built = await admin.call("POST", `/api/properties/${PID}/libraries/LBdevA/build`);
  expect(built.json<LibraryInfo>().state).toBe("development");
  const dev = await app.inject({ url: `/libs/${PID}/${ENV.dev}/launch.min.js` });
  expect(dev.body).toContain("__upgraded");
  await app.close();
}

describe("upgrading a version-3 database", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("SQLite: keeps every revision and file, and rebuilds the published library byte for byte", async () => {
    const store = new SqliteStore(":memory:");
    close = () => store.close();
    // The old release's rows are written with plain SQL on the store's own connection.
    const db = (store as unknown as { db: Parameters<typeof sqliteClient>[0] }).db;
    await upgradeScenario(store, sqliteClient(db));
  }, 60_000);

  const cluster = useTestPostgres();
  it("PostgreSQL: keeps every revision and file, and rebuilds the published library byte for byte", async () => {
    const store = new PostgresStore(cluster.url(), { schema: cluster.schema("upgrade"), max: 4 });
    close = () => store.close();
    const pool = (store as unknown as { pool: Parameters<typeof postgresClient>[0] }).pool;
    await upgradeScenario(store, postgresClient(pool));
  }, 60_000);
});
