import type { Migration } from "../../db/migrate.ts";

// Version 11. Saved reports (docs/server.md, Saved reports): a breakdown kept under a name in
// a property. The definition is the JSON the report route's parser accepted, never anything
// else (features/reports/parseSavedDefinition.ts). A name is unique within its property; the index
// makes two people saving the same name at once a conflict rather than two rows.
const sql = (json: string, time: string) => `
CREATE TABLE saved_reports (
  id TEXT PRIMARY KEY,
  property_id TEXT NOT NULL,
  name TEXT NOT NULL,
  definition ${json} NOT NULL,
  created_by TEXT NOT NULL,
  created_at ${time} NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at ${time} NOT NULL);
CREATE UNIQUE INDEX saved_reports_property_name ON saved_reports (property_id, name);`;

export const savedReportsMigration: Migration = {
  version: 11,
  name: "saved reports per property",
  sqlite: sql("TEXT", "TEXT"),
  postgres: sql("JSONB", "TIMESTAMPTZ"),
};
