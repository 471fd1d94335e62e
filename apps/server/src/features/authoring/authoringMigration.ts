import type { Migration } from "../../db/migrate.ts";

// Documents, builds and audit details are JSON text in both databases: PostgreSQL's JSONB
// would reorder keys, and a saved revision must read back exactly as it was written.
const tables = (time: string, serial: string, blob: string) => `
CREATE TABLE properties (id TEXT PRIMARY KEY, name TEXT NOT NULL, revision INTEGER NOT NULL);
CREATE TABLE property_revisions (
  property_id TEXT NOT NULL REFERENCES properties (id), revision INTEGER NOT NULL,
  created_at ${time} NOT NULL, author TEXT NOT NULL, summary TEXT NOT NULL, document TEXT NOT NULL,
  PRIMARY KEY (property_id, revision));
CREATE TABLE property_libraries (
  id TEXT PRIMARY KEY, property_id TEXT NOT NULL REFERENCES properties (id), name TEXT NOT NULL,
  revision INTEGER NOT NULL, state TEXT NOT NULL, environment_id TEXT NOT NULL,
  created_at ${time} NOT NULL, created_by TEXT NOT NULL, builds TEXT NOT NULL,
  published_at ${time});
CREATE INDEX property_libraries_property ON property_libraries (property_id, created_at);
CREATE TABLE environment_libraries (
  property_id TEXT NOT NULL, environment_id TEXT NOT NULL, library_id TEXT NOT NULL,
  built_at ${time} NOT NULL, PRIMARY KEY (property_id, environment_id));
CREATE TABLE users (
  id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, role TEXT NOT NULL,
  password_hash TEXT NOT NULL, created_at ${time} NOT NULL);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id),
  csrf_token TEXT NOT NULL, created_at ${time} NOT NULL, expires_at ${time} NOT NULL);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE TABLE audit_log (
  id ${serial}, at ${time} NOT NULL, user_name TEXT NOT NULL, action TEXT NOT NULL,
  property_id TEXT, target TEXT, revision INTEGER, detail ${blob});
CREATE INDEX audit_log_property ON audit_log (property_id, id);`;

/** Version 3: the studio's authoring store (properties, revisions, libraries, users, audit). */
export const authoringMigration: Migration = {
  version: 3,
  name: "properties, revisions, libraries, users, sessions, audit log",
  sqlite: tables("TEXT", "INTEGER PRIMARY KEY", "TEXT"),
  postgres: tables("TIMESTAMPTZ", "BIGSERIAL PRIMARY KEY", "TEXT"),
};
