/**
 * Versioned schema migrations. A migration is never edited once released: add a new one.
 * Each has a SQLite and a PostgreSQL form; both stores record applied versions in
 * `schema_migrations` and apply the missing ones in order, each in its own transaction.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

const eventColumns = (json: string, time: string, id: string) => `
  id ${id},
  received_at ${time} NOT NULL,
  request_id TEXT NOT NULL,
  datastream_id TEXT NOT NULL,
  property_id TEXT NOT NULL,
  environment_id TEXT NOT NULL,
  ecid TEXT NOT NULL,
  event_type TEXT,
  xdm ${json} NOT NULL,
  data ${json},
  page_name TEXT,
  page_url TEXT,
  site_section TEXT,
  event_numbers TEXT,
  link_type TEXT,
  link_url TEXT`;

// Reports filter by environment (or property) and time, then group by the report columns, so
// the B-tree indexes are on (scope, time); request_id finds one request's events. Indexes on
// each report column tripled the cost of an insert (bench/RESULTS.md) for little gain.
const eventIndexes = `
CREATE INDEX events_env_received ON events (environment_id, received_at);
CREATE INDEX events_property_received ON events (property_id, received_at);
CREATE INDEX events_request_id ON events (request_id);`;

export const migrations: Migration[] = [
  {
    version: 1,
    name: "events, datastreams, libraries, allowed hosts",
    // SQLite keeps times as ISO-8601 text (sorts correctly); PostgreSQL as timestamptz. The
    // SQLite rowid is not AUTOINCREMENT: that costs a sqlite_sequence update per insert, and
    // events are never deleted-and-reused in a way that would need it.
    sqlite: `
CREATE TABLE events (${eventColumns("TEXT", "TEXT", "INTEGER PRIMARY KEY")});
${eventIndexes}
CREATE TABLE datastreams (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, property_id TEXT NOT NULL,
  environment_id TEXT NOT NULL, stage TEXT NOT NULL, allowed_origins TEXT NOT NULL);
CREATE TABLE libraries (
  property_id TEXT NOT NULL, environment_id TEXT NOT NULL, file_name TEXT NOT NULL,
  content_type TEXT NOT NULL, body BLOB NOT NULL, etag TEXT NOT NULL, published_at TEXT NOT NULL,
  PRIMARY KEY (property_id, environment_id, file_name));
CREATE TABLE allowed_hosts (host TEXT PRIMARY KEY);`,
    postgres: `
CREATE TABLE events (${eventColumns("JSONB", "TIMESTAMPTZ", "BIGSERIAL PRIMARY KEY")});
${eventIndexes}
CREATE TABLE datastreams (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, property_id TEXT NOT NULL,
  environment_id TEXT NOT NULL, stage TEXT NOT NULL, allowed_origins JSONB NOT NULL);
CREATE TABLE libraries (
  property_id TEXT NOT NULL, environment_id TEXT NOT NULL, file_name TEXT NOT NULL,
  content_type TEXT NOT NULL, body BYTEA NOT NULL, etag TEXT NOT NULL,
  published_at TIMESTAMPTZ NOT NULL, PRIMARY KEY (property_id, environment_id, file_name));
CREATE TABLE allowed_hosts (host TEXT PRIMARY KEY);`,
  },
];

export const latestVersion = Math.max(...migrations.map((m) => m.version));
