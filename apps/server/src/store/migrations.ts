import { authoringMigration } from "../features/authoring/authoringMigration.ts";
import { resourceMigration } from "../features/authoring/resourceMigration.ts";
import { loginFailuresMigration } from "../features/auth/loginFailuresMigration.ts";
import { previewMigration } from "../features/preview/previewMigration.ts";
import { latestVersion as latestOf, type Migration } from "../db/migrate.ts";
import { partitionMigration } from "../features/edge/partitionMigration.ts";
import { rollupMigration } from "../features/reports/rollupMigration.ts";
import { requestKeysMigration } from "../features/edge/requestKeysMigration.ts";
import { submitterMigration } from "../features/authoring/submitterMigration.ts";
import { savedReportsMigration } from "../features/reports/savedReportsMigration.ts";
import { genericEventsMigration } from "../features/edge/genericEventsMigration.ts";
import { itemLookupMigration } from "../features/authoring/itemLookupMigration.ts";
import { libraryEncodingsMigration } from "../features/publishing/libraryEncodingsMigration.ts";
import { forwardingMigration } from "../features/forwarding/forwardingMigration.ts";

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

// Version 2. The edge used to re-serialise every event's xdm and data into its own row (ten
// JSON.stringify calls and ten 800-byte rows per request, most of the ingest cost,
// bench/RESULTS.md). Now each request's body text is stored once in `requests` and events
// point at it with their index in `events`; reads parse the body back. The request-id index
// moves to `requests` (one random-UUID B-tree insert per request instead of per event).
// A campaign column the reports group by is added (marketing.trackingCode;
// docs/analytics-mapping.md), unindexed. Existing events become one-event requests built from
// their xdm and data, so nothing is lost.
//
// Edited after release, against the rule above: as released it also added three columns
// holding one customer's Analytics variables. Version 12 drops them where present (reading
// the table's columns), so a database migrated by the released form and one migrated by this
// form end with the same schema, and no customer's fields remain in the product's code.
const eventColumnsV2 = (time: string, id: string, requestRow: string) => `
  id ${id},
  request_row ${requestRow} NOT NULL,
  event_index INTEGER NOT NULL,
  received_at ${time} NOT NULL,
  datastream_id TEXT NOT NULL,
  property_id TEXT NOT NULL,
  environment_id TEXT NOT NULL,
  ecid TEXT NOT NULL,
  event_type TEXT,
  page_name TEXT,
  page_url TEXT,
  site_section TEXT,
  event_numbers TEXT,
  link_type TEXT,
  link_url TEXT,
  campaign TEXT`;

const copiedColumns = `received_at, datastream_id, property_id, environment_id, ecid,
  event_type, page_name, page_url, site_section, event_numbers, link_type, link_url`;

/** The XDM path of the new dimension, then the `data.__adobe.analytics` fallback. */
const dimensions: Array<{ column: string; xdm: string[]; analytics: string }> = [
  { column: "campaign", xdm: ["marketing", "trackingCode"], analytics: "campaign" },
];

// Only non-empty strings, cut at 255 characters, as the edge's reportColumns() does.
const sqliteText = (json: string, path: string) =>
  `CASE WHEN json_type(${json}, '${path}') = 'text' AND json_extract(${json}, '${path}') <> ''
   THEN substr(json_extract(${json}, '${path}'), 1, 255) END`;
const postgresText = (json: string, path: string[]) =>
  `CASE WHEN jsonb_typeof(${json} #> '{${path.join(",")}}') = 'string'
   AND ${json} #>> '{${path.join(",")}}' <> '' THEN left(${json} #>> '{${path.join(",")}}', 255) END`;

const v2Indexes = `
CREATE INDEX requests_request_id ON requests (request_id);
CREATE INDEX events_env_received ON events (environment_id, received_at);
CREATE INDEX events_property_received ON events (property_id, received_at);`;

const requestBodiesSqlite = `
CREATE TABLE requests (id INTEGER PRIMARY KEY, request_id TEXT NOT NULL, body TEXT NOT NULL);
INSERT INTO requests (id, request_id, body)
  SELECT id, request_id, json_object('events', json_array(json_object('xdm', json(xdm), 'data', json(data))))
  FROM events;
CREATE TABLE events_v2 (${eventColumnsV2("TEXT", "INTEGER PRIMARY KEY", "INTEGER")});
INSERT INTO events_v2 (id, request_row, event_index, ${copiedColumns},
  ${dimensions.map((d) => d.column).join(", ")})
  SELECT id, id, 0, ${copiedColumns},
  ${dimensions
    .map(
      (d) =>
        `COALESCE(${sqliteText("xdm", `$.${d.xdm.join(".")}`)}, ${sqliteText("data", `$.__adobe.analytics.${d.analytics}`)})`,
    )
    .join(",\n  ")}
  FROM events;
DROP TABLE events;
ALTER TABLE events_v2 RENAME TO events;
${v2Indexes}`;

const requestBodiesPostgres = `
CREATE TABLE requests (id BIGSERIAL PRIMARY KEY, request_id TEXT NOT NULL, body JSONB NOT NULL);
ALTER TABLE events ADD COLUMN request_row BIGINT, ADD COLUMN event_index INTEGER,
  ${dimensions.map((d) => `ADD COLUMN ${d.column} TEXT`).join(", ")};
INSERT INTO requests (id, request_id, body)
  SELECT id, request_id, jsonb_build_object('events', jsonb_build_array(
    jsonb_build_object('xdm', xdm, 'data', data)))
  FROM events;
SELECT setval(pg_get_serial_sequence('requests', 'id'), GREATEST((SELECT MAX(id) FROM requests), 1));
UPDATE events SET request_row = id, event_index = 0,
  ${dimensions
    .map(
      (d) =>
        `${d.column} = COALESCE(${postgresText("xdm", d.xdm)}, ${postgresText("data", ["__adobe", "analytics", d.analytics])})`,
    )
    .join(",\n  ")};
ALTER TABLE events ALTER COLUMN request_row SET NOT NULL, ALTER COLUMN event_index SET NOT NULL,
  DROP COLUMN xdm, DROP COLUMN data, DROP COLUMN request_id;
DROP INDEX IF EXISTS events_request_id;
CREATE INDEX requests_request_id ON requests (request_id);`;

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
  {
    version: 2,
    name: "request bodies stored once; events reference them; report dimension columns",
    sqlite: requestBodiesSqlite,
    postgres: requestBodiesPostgres,
  },
  authoringMigration,
  resourceMigration,
  loginFailuresMigration,
  previewMigration,
  partitionMigration,
  rollupMigration,
  requestKeysMigration,
  submitterMigration,
  savedReportsMigration,
  genericEventsMigration,
  libraryEncodingsMigration,
  itemLookupMigration,
  forwardingMigration,
];

export const latestVersion = latestOf(migrations);
