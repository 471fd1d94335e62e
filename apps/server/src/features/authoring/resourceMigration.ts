import type { LibraryBuild, PropertyDocument } from "@liftoff/schema";
import type { Migration, MigrationDb } from "../../db/migrate.ts";
import { resourceKey, splitDocument, type ResourceEntry } from "./propertyResources.ts";

// Version 4. Version 3 kept every revision of a property as a whole document under one
// optimistic lock, and a library captured one property revision. Now each resource (rule,
// data element, extension, environment, the settings) has its own revisions; a property
// revision is one change (`property_changes`) that gave one or more resources a new
// revision; a library is a set of resources. The transform below replays each property's
// old revisions in order, so every old revision can still be read back whole, and turns
// each old library into the resources its revision held.
const tables = (time: string) => `
CREATE TABLE property_changes (
  property_id TEXT NOT NULL REFERENCES properties (id), revision INTEGER NOT NULL,
  created_at ${time} NOT NULL, author TEXT NOT NULL, summary TEXT NOT NULL,
  PRIMARY KEY (property_id, revision));
CREATE TABLE resources (
  property_id TEXT NOT NULL REFERENCES properties (id), kind TEXT NOT NULL,
  resource_id TEXT NOT NULL, position INTEGER NOT NULL, revision INTEGER NOT NULL,
  name TEXT NOT NULL, deleted INTEGER NOT NULL, updated_at ${time} NOT NULL,
  updated_by TEXT NOT NULL, changed_in INTEGER NOT NULL,
  PRIMARY KEY (property_id, kind, resource_id));
CREATE TABLE resource_revisions (
  property_id TEXT NOT NULL, kind TEXT NOT NULL, resource_id TEXT NOT NULL,
  revision INTEGER NOT NULL, property_revision INTEGER NOT NULL, created_at ${time} NOT NULL,
  author TEXT NOT NULL, summary TEXT NOT NULL, name TEXT NOT NULL, deleted INTEGER NOT NULL,
  body TEXT NOT NULL, PRIMARY KEY (property_id, kind, resource_id, revision));
CREATE INDEX resource_revisions_change ON resource_revisions (property_id, property_revision);
CREATE TABLE resource_libraries (
  id TEXT PRIMARY KEY, property_id TEXT NOT NULL REFERENCES properties (id), name TEXT NOT NULL,
  state TEXT NOT NULL, environment_id TEXT, created_at ${time} NOT NULL,
  created_by TEXT NOT NULL, builds TEXT NOT NULL, published_at ${time},
  resources TEXT NOT NULL, resolved TEXT);
CREATE INDEX resource_libraries_property ON resource_libraries (property_id, created_at);
CREATE UNIQUE INDEX resource_libraries_development ON resource_libraries (property_id, environment_id)
  WHERE state IN ('development', 'rejected') AND environment_id IS NOT NULL;
ALTER TABLE libraries ADD COLUMN cache_control TEXT NOT NULL DEFAULT 'no-cache';`;

const LIBRARY_KINDS = new Set(["rule", "dataElement", "extension"]);
const PINNED_STATES = new Set(["submitted", "approved", "published"]);
const HOLDING_STATES = new Set(["development", "rejected"]);

interface Head {
  revision: number;
  deleted: boolean;
  name: string;
  body: string;
  position: number;
  at: string;
  by: string;
  changedIn: number;
}

/** Replays one property's revisions; returns each revision's resource → revision map. */
async function replayProperty(db: MigrationDb, propertyId: string) {
  const revisions = await db.all(
    `SELECT revision, created_at, author, summary, document FROM property_revisions
     WHERE property_id = ? ORDER BY revision`,
    [propertyId],
  );
  const heads = new Map<string, Head & ResourceEntry>();
  const asOf = new Map<number, Map<string, number>>();
  // `rule:RL…@3` → the name revision 3 had: a pinned resource shows the name it was pinned with.
  const names = new Map<string, string>();
  let documents: PropertyDocument | undefined;
  for (const row of revisions) {
    const revision = Number(row.revision);
    const at = String(row.created_at);
    const by = String(row.author);
    const summary = String(row.summary);
    await db.run(
      `INSERT INTO property_changes (property_id, revision, created_at, author, summary)
       VALUES (?, ?, ?, ?, ?)`,
      [propertyId, revision, at, by, summary],
    );
    documents = JSON.parse(String(row.document)) as PropertyDocument;
    const entries = splitDocument(documents);
    const present = new Set<string>();
    const write = async (key: string, entry: ResourceEntry, body: string, deleted: boolean) => {
      const before = heads.get(key);
      const next = {
        ...entry,
        revision: (before?.revision ?? 0) + 1,
        deleted,
        body,
        position: before?.position ?? heads.size,
        at,
        by,
        changedIn: revision,
      };
      heads.set(key, next);
      names.set(`${key}@${next.revision}`, entry.name);
      await db.run(
        `INSERT INTO resource_revisions (property_id, kind, resource_id, revision,
         property_revision, created_at, author, summary, name, deleted, body)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          propertyId,
          entry.kind,
          entry.id,
          next.revision,
          revision,
          at,
          by,
          summary,
          entry.name,
          deleted ? 1 : 0,
          body,
        ],
      );
    };
    for (const entry of entries) {
      const key = resourceKey(entry);
      present.add(key);
      const body = JSON.stringify(entry.body);
      const before = heads.get(key);
      if (!before || before.deleted || before.body !== body || before.name !== entry.name)
        await write(key, entry, body, false);
    }
    for (const [key, head] of heads)
      if (!present.has(key) && !head.deleted) await write(key, head, head.body, true);
    asOf.set(
      revision,
      new Map([...heads].filter(([, h]) => !h.deleted).map(([key, h]) => [key, h.revision])),
    );
  }
  for (const head of heads.values())
    await db.run(
      `INSERT INTO resources (property_id, kind, resource_id, position, revision, name, deleted,
       updated_at, updated_by, changed_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        propertyId,
        head.kind,
        head.id,
        head.position,
        head.revision,
        head.name,
        head.deleted ? 1 : 0,
        head.at,
        head.by,
        head.changedIn,
      ],
    );
  return { asOf, heads, names, document: documents };
}

/**
 * An old library becomes the rule, data element and extension resources of its revision:
 * pinned (and its resolved manifest kept) once it left development, unpinned (building the
 * latest revisions) while in development. Of several development libraries claiming one
 * development environment, the one it serves keeps it (else the newest); the others keep
 * none until someone assigns one.
 */
async function migrateLibraries(
  db: MigrationDb,
  propertyId: string,
  replay: Awaited<ReturnType<typeof replayProperty>>,
) {
  const libraries = await db.all(
    "SELECT * FROM property_libraries WHERE property_id = ? ORDER BY created_at DESC, id DESC",
    [propertyId],
  );
  const served = new Map(
    (
      await db.all(
        "SELECT environment_id, library_id FROM environment_libraries WHERE property_id = ?",
        [propertyId],
      )
    ).map((r) => [String(r.environment_id), String(r.library_id)]),
  );
  const holder = new Map<string, string>();
  for (const row of libraries) {
    const env = String(row.environment_id);
    // Newest first: the first seen holds it, unless a later one is the one served there.
    if (!HOLDING_STATES.has(String(row.state))) continue;
    if (served.get(env) === String(row.id) || !holder.has(env)) holder.set(env, String(row.id));
  }
  for (const row of libraries) {
    const revision = Number(row.revision);
    const state = String(row.state);
    const manifest = replay.asOf.get(revision) ?? new Map<string, number>();
    const pinned = PINNED_STATES.has(state);
    const resources = [...manifest]
      .map(([key, rev]) => ({ key, rev, head: replay.heads.get(key)! }))
      .filter(({ head }) => LIBRARY_KINDS.has(head.kind))
      .map(({ key, rev, head }) => ({
        kind: head.kind,
        id: head.id,
        ...(pinned
          ? {
              pinned: {
                revision: rev,
                deleted: false,
                name: replay.names.get(`${key}@${rev}`) ?? head.name,
              },
            }
          : {}),
      }));
    const resolved = pinned
      ? Object.fromEntries(
          [...manifest].filter(([key]) => LIBRARY_KINDS.has(replay.heads.get(key)!.kind)),
        )
      : null;
    const builds = (JSON.parse(String(row.builds)) as LibraryBuild[]).map((b) => ({
      ...b,
      propertyRevision: revision,
    }));
    const env = String(row.environment_id);
    const keepsEnvironment = !HOLDING_STATES.has(state) || holder.get(env) === String(row.id);
    await db.run(
      `INSERT INTO resource_libraries (id, property_id, name, state, environment_id, created_at,
       created_by, builds, published_at, resources, resolved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        row.id,
        propertyId,
        row.name,
        state,
        keepsEnvironment ? env : null,
        row.created_at,
        row.created_by,
        JSON.stringify(builds),
        row.published_at ?? null,
        JSON.stringify(resources),
        resolved ? JSON.stringify(resolved) : null,
      ],
    );
  }
}

/** Staging and production files get the default cache time; development ones `no-cache`. */
async function setCacheControl(db: MigrationDb, propertyId: string, document?: PropertyDocument) {
  for (const env of document?.environments ?? [])
    if (env.stage !== "development")
      await db.run(
        "UPDATE libraries SET cache_control = ? WHERE property_id = ? AND environment_id = ?",
        ["public, max-age=3600", propertyId, env.id],
      );
}

export const resourceMigration: Migration = {
  version: 4,
  name: "per-resource revisions, libraries as sets of resources, cache control per stage",
  sqlite: tables("TEXT"),
  postgres: tables("TIMESTAMPTZ"),
  async transform(db) {
    for (const property of await db.all("SELECT id FROM properties ORDER BY id")) {
      const propertyId = String(property.id);
      const replay = await replayProperty(db, propertyId);
      await migrateLibraries(db, propertyId, replay);
      await setCacheControl(db, propertyId, replay.document);
    }
    await db.run("DROP TABLE property_libraries");
    await db.run("DROP TABLE property_revisions");
  },
};
