import type { Migration } from "../../db/migrate.ts";

// Times are epoch milliseconds (BIGINT) in every forwarding table: the queue compares them
// with "now" on every claim, and integers compare the same way on both databases.
const tables = (id: string, json: string, blob: string) => `
ALTER TABLE datastreams ADD COLUMN forwarding ${json};
CREATE TABLE forwarding_inbox (
  id ${id},
  request_row BIGINT NOT NULL,
  received_ms BIGINT NOT NULL,
  datastream_id TEXT NOT NULL,
  property_id TEXT NOT NULL,
  environment_id TEXT NOT NULL,
  facts ${json} NOT NULL,
  locked_until BIGINT NOT NULL DEFAULT 0,
  tries INTEGER NOT NULL DEFAULT 0);
CREATE INDEX forwarding_inbox_due ON forwarding_inbox (locked_until, id);
CREATE TABLE forwarding_deliveries (
  id ${id},
  property_id TEXT NOT NULL,
  environment_id TEXT NOT NULL,
  datastream_id TEXT NOT NULL,
  request_id TEXT NOT NULL,
  event_index INTEGER NOT NULL,
  rule_id TEXT NOT NULL,
  rule_name TEXT NOT NULL,
  action_index INTEGER NOT NULL,
  destination TEXT NOT NULL,
  host TEXT NOT NULL,
  purpose TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  request ${json} NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_ms BIGINT NOT NULL,
  next_ms BIGINT NOT NULL,
  locked_until BIGINT NOT NULL DEFAULT 0,
  delivered_ms BIGINT,
  reason TEXT,
  last_status INTEGER,
  last_latency_ms INTEGER,
  attempt_log ${json} NOT NULL,
  preview_session_id TEXT);
CREATE INDEX forwarding_deliveries_due ON forwarding_deliveries (state, next_ms);
CREATE INDEX forwarding_deliveries_property ON forwarding_deliveries (property_id, id);
CREATE INDEX forwarding_deliveries_request ON forwarding_deliveries (request_id);
CREATE TABLE forwarding_secrets (
  property_id TEXT NOT NULL,
  environment_id TEXT NOT NULL,
  name TEXT NOT NULL,
  key_id TEXT NOT NULL,
  sealed ${blob} NOT NULL,
  updated_ms BIGINT NOT NULL,
  updated_by TEXT NOT NULL,
  PRIMARY KEY (property_id, environment_id, name));
CREATE TABLE forwarding_hosts (
  property_id TEXT NOT NULL,
  host TEXT NOT NULL,
  allow_private INTEGER NOT NULL DEFAULT 0,
  max_per_second INTEGER,
  max_concurrent INTEGER,
  PRIMARY KEY (property_id, host));`;

/**
 * Version 15: event forwarding (docs/event-forwarding.md). A datastream may name a forwarding
 * property; requests to it leave a row in `forwarding_inbox` in the transaction that stores
 * their events; the worker turns each into `forwarding_deliveries` (one per event × action,
 * unique by idempotency key), which it sends with retries. Secrets are sealed (AES-256-GCM)
 * per environment; outbound hosts are an admin's allowance per property.
 */
export const forwardingMigration: Migration = {
  version: 15,
  name: "event forwarding: datastream links, inbox, deliveries, secrets, outbound hosts",
  sqlite: tables("INTEGER PRIMARY KEY", "TEXT", "BLOB"),
  postgres: tables("BIGSERIAL PRIMARY KEY", "JSONB", "BYTEA"),
};
