import type { PropertyDocument } from "@liftoff/schema";
import { expect } from "vitest";
import type { Store } from "../Store.ts";
import { splitDocument } from "./propertyResources.ts";

/**
 * A version-3 authoring store (whole-document revisions under one lock, a library capturing
 * one property revision) and what migration 4 must make of it. The SQLite and PostgreSQL
 * suites write these rows into a database migrated to version 3, then migrate it.
 */

const rule = (id: string, name: string) => ({
  id,
  name,
  events: [{ id: `${id}e`, modulePath: "core/src/lib/events/libraryLoaded.js", settings: {} }],
  conditions: [],
  actions: [],
});

const first: PropertyDocument = {
  formatVersion: 1,
  company: { orgId: "ORG@AdobeOrg" },
  // Key order deliberately not alphabetical: every revision must read back byte for byte.
  property: { name: "Old", id: "PRold", settings: { domains: ["old.test"] } },
  environments: [
    { id: "ENolddev", name: "Development", stage: "development" },
    { id: "ENoldstage", name: "Staging", stage: "staging" },
    { id: "ENoldprod", name: "Production", stage: "production" },
  ],
  extensions: [{ name: "core", settings: { zeta: 1, alpha: "ünï ✓" } }],
  dataElements: [
    { id: "DE1", name: "page", modulePath: "core/src/lib/dataElements/customCode.js" },
  ],
  rules: [rule("RL1", "One"), rule("RL2", "Two")],
};

/** Revision 1; 2 renames RL1; 3 deletes RL2; 4 brings RL2 back and renames the property. */
export const v3Documents: PropertyDocument[] = [
  first,
  { ...first, rules: [rule("RL1", "One v2"), rule("RL2", "Two")] },
  { ...first, rules: [rule("RL1", "One v2")] },
  {
    ...first,
    property: { ...first.property, name: "Old renamed" },
    rules: [rule("RL1", "One v2"), rule("RL2", "Two")],
  },
];

const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
const build = (environmentId: string, stage: string) => ({
  environmentId,
  stage,
  at: at(30),
  by: "erin",
  bytes: 100,
  gzipBytes: 60,
  durationMs: 5,
});

/** Old libraries: id, the revision it captured, state, created minute, builds. */
const libraries: Array<[string, number, string, number, unknown[]]> = [
  [
    "LBpub",
    1,
    "published",
    1,
    [
      build("ENolddev", "development"),
      build("ENoldstage", "staging"),
      build("ENoldprod", "production"),
    ],
  ],
  // Two libraries in development on one environment (version 3 allowed it): the one served
  // there keeps it, though the other is newer.
  ["LBsrv", 2, "development", 2, [build("ENolddev", "development")]],
  ["LBsub", 3, "submitted", 3, [build("ENoldstage", "staging")]],
  ["LBnew", 4, "development", 4, []],
];

/** The version-3 rows, as `?`-placeholder inserts. */
export const v3AuthoringRows: Array<{ sql: string; params: unknown[] }> = [
  {
    sql: "INSERT INTO properties (id, name, revision) VALUES (?, ?, ?)",
    params: ["PRold", "Old renamed", 4],
  },
  ...v3Documents.map((document, i) => ({
    sql: `INSERT INTO property_revisions (property_id, revision, created_at, author, summary, document)
          VALUES (?, ?, ?, ?, ?, ?)`,
    params: [
      "PRold",
      i + 1,
      at(i),
      i % 2 ? "sam" : "erin",
      `change ${i + 1}`,
      JSON.stringify(document),
    ],
  })),
  ...libraries.map(([id, revision, state, minute, builds]) => ({
    sql: `INSERT INTO property_libraries (id, property_id, name, revision, state, environment_id,
          created_at, created_by, builds, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    params: [
      id,
      "PRold",
      `Library ${id}`,
      revision,
      state,
      "ENolddev",
      at(minute),
      "erin",
      JSON.stringify(builds),
      state === "published" ? at(31) : null,
    ],
  })),
  ...[
    ["ENolddev", "LBsrv"],
    ["ENoldstage", "LBsub"],
    ["ENoldprod", "LBpub"],
  ].flatMap(([environmentId, libraryId]) => [
    {
      sql: `INSERT INTO environment_libraries (property_id, environment_id, library_id, built_at)
            VALUES (?, ?, ?, ?)`,
      params: ["PRold", environmentId, libraryId, at(30)],
    },
    {
      sql: `INSERT INTO libraries (property_id, environment_id, file_name, content_type, body,
            etag, published_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      params: [
        "PRold",
        environmentId,
        "launch.min.js",
        "application/javascript",
        Buffer.from(`/* ${libraryId} */`),
        `"${libraryId}"`,
        at(30),
      ],
    },
  ]),
];

/** Checks a store migrated from `v3AuthoringRows`: history, libraries, cache control. */
export async function expectV3AuthoringKept(store: Store): Promise<void> {
  const a = store.authoring;
  for (const [i, document] of v3Documents.entries())
    expect(
      JSON.stringify((await a.getRevision("PRold", i + 1))!.document),
      `revision ${i + 1}`,
    ).toBe(JSON.stringify(document));
  expect(await a.listProperties()).toMatchObject([
    { id: "PRold", name: "Old renamed", revision: 4, updatedBy: "sam", updatedAt: at(3) },
  ]);
  expect(
    (await a.listRevisions("PRold")).map((r) => [
      r.revision,
      r.author,
      r.summary,
      r.resources.map((x) => `${x.kind}:${x.id}@${x.revision}`),
    ]),
  ).toEqual([
    [4, "sam", "change 4", ["rule:RL2@3", "settings:property@2"]],
    [3, "erin", "change 3", ["rule:RL2@2"]],
    [2, "sam", "change 2", ["rule:RL1@2"]],
    [
      1,
      "erin",
      "change 1",
      splitDocument(first)
        .map((e) => `${e.kind}:${e.id}@1`)
        .sort(),
    ],
  ]);
  expect(
    (await a.resourceHistory("PRold", { kind: "rule", id: "RL2" })).map((h) => [
      h.revision,
      h.propertyRevision,
      h.deleted,
    ]),
  ).toEqual([
    [3, 4, false],
    [2, 3, true],
    [1, 1, false],
  ]);

  // Libraries that left development pin what their revision held; the others build latest.
  const pinned = (entries: Array<[string, string, number, string]>) =>
    entries.map(([kind, id, revision, name]) => ({
      kind,
      id,
      pinned: { revision, deleted: false, name },
    }));
  expect(await a.getLibrary("PRold", "LBpub")).toEqual({
    id: "LBpub",
    name: "Library LBpub",
    state: "published",
    environmentId: "ENolddev",
    createdAt: at(1),
    createdBy: "erin",
    builds: (libraries[0]![4] as object[]).map((b) => ({ ...b, propertyRevision: 1 })),
    publishedAt: at(31),
    resources: pinned([
      ["extension", "core", 1, "core"],
      ["dataElement", "DE1", 1, "page"],
      ["rule", "RL1", 1, "One"],
      ["rule", "RL2", 1, "Two"],
    ]),
    resolved: { "extension:core": 1, "dataElement:DE1": 1, "rule:RL1": 1, "rule:RL2": 1 },
  });
  expect(await a.getLibrary("PRold", "LBsub")).toMatchObject({
    state: "submitted",
    resources: pinned([
      ["extension", "core", 1, "core"],
      ["dataElement", "DE1", 1, "page"],
      ["rule", "RL1", 2, "One v2"],
    ]),
    resolved: { "extension:core": 1, "dataElement:DE1": 1, "rule:RL1": 2 },
  });
  const served = (await a.getLibrary("PRold", "LBsrv"))!;
  expect(served).toMatchObject({ state: "development", environmentId: "ENolddev" });
  expect(served.resources.map((r) => `${r.kind}:${r.id}${r.pinned ? " pinned" : ""}`)).toEqual([
    "extension:core",
    "dataElement:DE1",
    "rule:RL1",
    "rule:RL2",
  ]);
  expect(served.resolved).toBeUndefined();
  expect(await a.getLibrary("PRold", "LBnew")).not.toHaveProperty("environmentId");
  expect(await a.environmentPointers("PRold")).toHaveLength(3);

  // Development files revalidate every time; staging and production get the default time.
  const cache = async (env: string) =>
    (await store.libraries.get("PRold", env, "launch.min.js"))!.cacheControl;
  expect([await cache("ENolddev"), await cache("ENoldstage"), await cache("ENoldprod")]).toEqual([
    "no-cache",
    "public, max-age=3600",
    "public, max-age=3600",
  ]);

  // The migrated store takes new work: revisions go on, the served library holds its
  // environment.
  const two = (await a.snapshot("PRold"))!.resources.find((r) => r.id === "RL2")!;
  expect(
    await a.saveChange(
      "PRold",
      [{ ...two, name: "Two v2", body: rule("RL2", "Two v2"), from: 3, deleted: false }],
      "kim",
      "renamed",
    ),
  ).toMatchObject({ revision: 5 });
  expect(
    await a.createLibrary("PRold", {
      id: "LBother",
      name: "Other",
      state: "development",
      environmentId: "ENolddev",
      createdAt: at(40),
      createdBy: "kim",
      builds: [],
      resources: [],
    }),
  ).toBe(false);
}
