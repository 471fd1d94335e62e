import type { Migration } from "../../db/migrate.ts";

/**
 * Version 8. PostgreSQL: report rollups (`ReportRollups.ts`). `report_rollups` holds, per
 * period (a closed UTC day, or one ended hour of a day not closed yet), report, property,
 * environment and label, the summable counts, the exact distinct visitors of that period, and
 * per visitors measure a HyperLogLog sketch (sparse: two bytes per filled register of 2,048).
 * `report_rollup_periods` records which reports of which period are rolled up and from which
 * definition, so a changed definition is rebuilt rather than read.
 *
 * SQLite: nothing. One node reads its own small database; its reports stay raw SQL.
 */
export const rollupMigration: Migration = {
  version: 8,
  name: "report rollups",
  sqlite: `-- Reports on SQLite read the events directly (docs/server.md, Reports).
SELECT 1;`,
  postgres: `
CREATE TABLE report_rollup_periods (
  start TIMESTAMPTZ NOT NULL,
  hours SMALLINT NOT NULL,
  report TEXT NOT NULL,
  definition TEXT NOT NULL,
  built_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (start, hours, report)
);
CREATE TABLE report_rollups (
  start TIMESTAMPTZ NOT NULL,
  hours SMALLINT NOT NULL,
  report TEXT NOT NULL,
  property_id TEXT NOT NULL,
  environment_id TEXT NOT NULL,
  label TEXT,
  counts BIGINT[] NOT NULL,
  visitors BIGINT[] NOT NULL,
  sketches BYTEA[] NOT NULL
);
CREATE INDEX report_rollups_start_report ON report_rollups (start, report);`,
};
