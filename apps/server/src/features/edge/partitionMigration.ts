import type { Migration } from "../../db/migrate.ts";

// The events columns after version 2, in table order, written out: a released migration
// never changes with the code around it. Edited after release all the same: as released, the
// list and the table below also held three columns of one customer's Analytics variables
// (migration 2's, see there). Copying rows without them loses nothing (the request bodies
// hold every value), and version 12 drops them from databases partitioned by the released
// form, so both end with the same schema.
const eventColumns = `request_row, event_index, received_at, datastream_id, property_id,
  environment_id, ecid, event_type, page_name, page_url, site_section, event_numbers, link_type,
  link_url, campaign`;

/** `<table>_pYYYYMMDD`: the partition of one UTC day (PostgresStore creates new ones). */
const createDayPartitions = `
DO $$
DECLARE d date;
BEGIN
  FOR d IN SELECT DISTINCT (received_at AT TIME ZONE 'UTC')::date FROM events_unpartitioned LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
      'events_p' || to_char(d, 'YYYYMMDD'), d || ' 00:00:00+00', (d + 1) || ' 00:00:00+00');
    EXECUTE format('CREATE TABLE %I PARTITION OF requests FOR VALUES FROM (%L) TO (%L)',
      'requests_p' || to_char(d, 'YYYYMMDD'), d || ' 00:00:00+00', (d + 1) || ' 00:00:00+00');
  END LOOP;
END $$;`;

/**
 * Version 7. PostgreSQL: `events` and `requests` become tables partitioned by UTC day on
 * `received_at`, so `--retain-days` drops a day with two `DROP TABLE`s instead of deleting
 * millions of rows, and reports over a week read only that week's partitions. A request row
 * takes the time of its first event (its events share one day: the store starts a new request
 * row where a batch crosses midnight). Rows move over with their ids; the id sequences carry
 * on. A request body no event points at was unreadable and is not carried over.
 *
 * SQLite keeps one table (it has no partitions); retention deletes old rows in batches, found
 * through a new index on `received_at`.
 */
export const partitionMigration: Migration = {
  version: 7,
  name: "events and request bodies partitioned by day",
  sqlite: `CREATE INDEX events_received ON events (received_at);`,
  postgres: `
ALTER TABLE events RENAME TO events_unpartitioned;
ALTER TABLE requests RENAME TO requests_unpartitioned;
ALTER TABLE events_unpartitioned ALTER COLUMN id DROP DEFAULT;
ALTER TABLE requests_unpartitioned ALTER COLUMN id DROP DEFAULT;
ALTER SEQUENCE events_id_seq OWNED BY NONE;
ALTER SEQUENCE requests_id_seq OWNED BY NONE;
CREATE TABLE requests (
  id BIGINT NOT NULL DEFAULT nextval('requests_id_seq'),
  received_at TIMESTAMPTZ NOT NULL,
  request_id TEXT NOT NULL,
  body JSONB NOT NULL,
  CONSTRAINT requests_day_pkey PRIMARY KEY (id, received_at)
) PARTITION BY RANGE (received_at);
CREATE TABLE events (
  id BIGINT NOT NULL DEFAULT nextval('events_id_seq'),
  request_row BIGINT NOT NULL,
  event_index INTEGER NOT NULL,
  received_at TIMESTAMPTZ NOT NULL,
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
  campaign TEXT,
  CONSTRAINT events_day_pkey PRIMARY KEY (id, received_at)
) PARTITION BY RANGE (received_at);
ALTER SEQUENCE events_id_seq OWNED BY events.id;
ALTER SEQUENCE requests_id_seq OWNED BY requests.id;
${createDayPartitions}
INSERT INTO requests (id, received_at, request_id, body)
  SELECT r.id, f.first_at, r.request_id, r.body FROM requests_unpartitioned r
  JOIN (SELECT request_row, MIN(received_at) AS first_at FROM events_unpartitioned
        GROUP BY request_row) f ON f.request_row = r.id;
INSERT INTO events (id, ${eventColumns}) SELECT id, ${eventColumns} FROM events_unpartitioned;
DROP TABLE events_unpartitioned;
DROP TABLE requests_unpartitioned;
CREATE INDEX events_env_received ON events (environment_id, received_at);
CREATE INDEX events_property_received ON events (property_id, received_at);
CREATE INDEX requests_request_id ON requests (request_id);`,
};
