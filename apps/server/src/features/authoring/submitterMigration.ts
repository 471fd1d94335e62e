import type { Migration } from "../../db/migrate.ts";

// Version 10. Separation of duties (docs/server.md, Publishing): a library records who last
// submitted it, so the server can refuse that person's approval. Libraries submitted before
// this version (whatever state they are in now: the field is kept until the next submit)
// take the submitter from the audit log's latest `library.submit` of the library, when the
// log still has one; otherwise the columns stay empty (no submitter known,
// so no approval is refused for it). The audit id orders entries (it grows with each append).
const latestSubmit = (column: "user_name" | "at") => `(
  SELECT a.${column} FROM audit_log a
  WHERE a.action = 'library.submit' AND a.property_id = resource_libraries.property_id
    AND a.target = resource_libraries.id
  ORDER BY a.id DESC LIMIT 1)`;

const sql = (time: string) => `
ALTER TABLE resource_libraries ADD COLUMN submitted_by TEXT;
ALTER TABLE resource_libraries ADD COLUMN submitted_at ${time};
UPDATE resource_libraries SET submitted_by = ${latestSubmit("user_name")},
  submitted_at = ${latestSubmit("at")};`;

export const submitterMigration: Migration = {
  version: 10,
  name: "libraries record who submitted them",
  sqlite: sql("TEXT"),
  postgres: sql("TIMESTAMPTZ"),
};
