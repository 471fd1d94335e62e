import type { Migration } from "../../db/migrate.ts";

// Version 6. Preview sessions and the trace records their pages send used to live in one
// server's memory, so a session was known only to the node that started it. Now they are in
// the store and every node serves them (docs/preview.md). `trace_seq` is the sequence of the
// session's last stored record: a report raises it under the session's row lock, so records
// of one session are numbered in order across nodes, and a watcher reads "after seq N".
const tables = (time: string) => `
CREATE TABLE preview_sessions (
  id TEXT PRIMARY KEY, property_id TEXT NOT NULL, library_id TEXT, label TEXT NOT NULL,
  environment_id TEXT NOT NULL, link TEXT NOT NULL, created_by TEXT NOT NULL,
  created_at ${time} NOT NULL, expires_at ${time} NOT NULL, ended_at ${time},
  revision INTEGER, trace_seq INTEGER NOT NULL DEFAULT 0);
CREATE INDEX preview_sessions_property ON preview_sessions (property_id, created_by);
CREATE INDEX preview_sessions_user ON preview_sessions (created_by);
CREATE TABLE preview_traces (
  session_id TEXT NOT NULL, seq INTEGER NOT NULL, record TEXT NOT NULL,
  PRIMARY KEY (session_id, seq));`;

export const previewMigration: Migration = {
  version: 6,
  name: "preview sessions and their trace records",
  sqlite: tables("TEXT"),
  postgres: tables("TIMESTAMPTZ"),
};
