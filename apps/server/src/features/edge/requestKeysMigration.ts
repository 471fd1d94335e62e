import type { Migration } from "../../db/migrate.ts";

// Version 9. Exactly-once ingest (docs/server.md, Retries): one row per edge request that
// named its `requestId`, inserted in the transaction that stores its events, so a retry of a
// stored request finds it and stores nothing. The primary key is the idempotency key. On
// PostgreSQL the table is not partitioned by day like `requests`: a unique index on a
// partitioned table must hold the partition key, and a retry may cross midnight. Old keys are
// deleted by time (the index on `received_ms`); times are epoch milliseconds, compared the
// same way on both databases.
const table = `
CREATE TABLE request_keys (
  datastream_id TEXT NOT NULL,
  request_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  ecid TEXT NOT NULL,
  received_ms BIGINT NOT NULL,
  PRIMARY KEY (datastream_id, request_id));
CREATE INDEX request_keys_received ON request_keys (received_ms);`;

export const requestKeysMigration: Migration = {
  version: 9,
  name: "edge request keys (exactly-once ingest by request id)",
  sqlite: table,
  postgres: table,
};
