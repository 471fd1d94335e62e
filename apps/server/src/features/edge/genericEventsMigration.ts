import type { Migration } from "../../db/migrate.ts";

/**
 * The columns of `events` from version 12 on, in table order: generic fields every property
 * has (edge/eventColumns.ts writes them). Written out, not derived from the code around it:
 * a released migration must not change with that code.
 */
const GENERIC_EVENT_COLUMNS = [
  "id",
  "request_row",
  "event_index",
  "received_at",
  "datastream_id",
  "property_id",
  "environment_id",
  "ecid",
  "event_type",
  "page_name",
  "page_url",
  "site_section",
  "event_numbers",
  "link_type",
  "link_url",
  "campaign",
];

/** The built-in reports as of version 12 (the rollups keep only theirs), written out too. */
const BUILT_IN_AT_V12 = [
  "eventsOverTime",
  "eventTypes",
  "pageViewsOverTime",
  "topPages",
  "linkClicksByType",
  "topLinks",
  "dataKeys",
  "campaigns",
];

const quoted = (list: string[]) => list.map((name) => `'${name}'`).join(", ");

/**
 * Version 12: one event model with no customer inside. Versions 2 to 11 kept three columns
 * holding one customer's Analytics variables; a property's own variables are now read from
 * the stored event through its reporting mapping (`settings.reporting`,
 * reports/propertyReportSql.ts), and the request bodies always kept every value, so dropping
 * the columns loses nothing. Migrations 2 and 7 no longer create them (see there), so the
 * columns to drop are found by reading the table: any column outside the generic list goes,
 * and a database made by older code ends with the same schema as a new one.
 *
 * Each database lists its `events` columns into a temporary table in its own SQL, and the
 * transform drops the extra ones with the same statement on both (PostgreSQL drops them from
 * every day partition with the partitioned table). PostgreSQL also deletes the rollups of
 * reports that are no longer built in: those reports are now a property's own and read the
 * events directly.
 */
export const genericEventsMigration: Migration = {
  version: 12,
  name: "events keep generic columns only; property fields come from the reporting mapping",
  sqlite: `CREATE TEMP TABLE events_columns AS SELECT name FROM pragma_table_info('events');`,
  postgres: `
CREATE TEMP TABLE events_columns ON COMMIT DROP AS
  SELECT column_name::text AS name FROM information_schema.columns
  WHERE table_schema = current_schema() AND table_name = 'events';
DELETE FROM report_rollups WHERE report NOT IN (${quoted(BUILT_IN_AT_V12)});
DELETE FROM report_rollup_periods WHERE report NOT IN (${quoted(BUILT_IN_AT_V12)});`,
  async transform(db) {
    const columns = (await db.all("SELECT name FROM events_columns")).map((r) => String(r.name));
    for (const column of columns)
      if (!GENERIC_EVENT_COLUMNS.includes(column))
        // The name comes from the catalogue, quoted as an identifier.
        await db.run(`ALTER TABLE events DROP COLUMN "${column.replaceAll('"', '""')}"`);
    await db.run("DROP TABLE events_columns");
  },
};
