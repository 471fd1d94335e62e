import type { DatastreamForwarding, DatastreamInfo } from "@liftoff/schema";
import type { Row, SqlClient } from "../../db/SqlClient.ts";

/**
 * A datastream belongs to one environment of one property (ARCHITECTURE.md §6); the API's
 * DatastreamInfo says what each member means (an empty `allowedOrigins` refuses every page).
 */
export type Datastream = DatastreamInfo;

export interface DatastreamRepository {
  get(id: string): Promise<Datastream | undefined>;
  list(): Promise<Datastream[]>;
  /** Creates or replaces. */
  put(datastream: Datastream): Promise<void>;
  /** Creates only when missing; returns whether it was created. */
  putIfMissing(datastream: Datastream): Promise<boolean>;
  /** Links the datastream to a forwarding property's environment, or unlinks it (null). */
  setForwarding(id: string, forwarding: DatastreamForwarding | null): Promise<void>;
}

const INSERT = `INSERT INTO datastreams
  (id, org_id, property_id, environment_id, stage, allowed_origins, forwarding)
  VALUES (?, ?, ?, ?, ?, ?, ?)`;

/** A datastream as the `datastreams` table's column values, in column order. */
const valuesOf = (d: Datastream) => [
  d.id,
  d.orgId,
  d.propertyId,
  d.environmentId,
  d.stage,
  JSON.stringify(d.allowedOrigins),
  d.forwarding ? JSON.stringify(d.forwarding) : null,
];

// JSON text on SQLite, JSONB (already parsed) on PostgreSQL.
const json = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

const toDatastream = (r: Row): Datastream => ({
  id: String(r.id),
  orgId: String(r.org_id),
  propertyId: String(r.property_id),
  environmentId: String(r.environment_id),
  stage: String(r.stage),
  allowedOrigins: json(r.allowed_origins) as string[],
  ...(r.forwarding == null ? {} : { forwarding: json(r.forwarding) as DatastreamForwarding }),
});

/** Datastreams on either database (the `datastreams` table of migration 1). */
export class SqlDatastreams implements DatastreamRepository {
  constructor(private readonly sql: SqlClient) {}

  async get(id: string): Promise<Datastream | undefined> {
    const [row] = await this.sql.all("SELECT * FROM datastreams WHERE id = ?", [id]);
    return row && toDatastream(row);
  }

  async list(): Promise<Datastream[]> {
    return (await this.sql.all("SELECT * FROM datastreams ORDER BY id")).map(toDatastream);
  }

  async put(d: Datastream): Promise<void> {
    await this.sql.all(
      `${INSERT} ON CONFLICT (id) DO UPDATE SET
       org_id = excluded.org_id, property_id = excluded.property_id,
       environment_id = excluded.environment_id, stage = excluded.stage,
       allowed_origins = excluded.allowed_origins, forwarding = excluded.forwarding`,
      valuesOf(d),
    );
  }

  async setForwarding(id: string, forwarding: DatastreamForwarding | null): Promise<void> {
    await this.sql.all("UPDATE datastreams SET forwarding = ? WHERE id = ?", [
      forwarding ? JSON.stringify(forwarding) : null,
      id,
    ]);
  }

  putIfMissing(d: Datastream): Promise<boolean> {
    // One row changed: created; none (the id exists): the transaction reports a mismatch.
    return this.sql.transaction([
      { sql: `${INSERT} ON CONFLICT (id) DO NOTHING`, params: valuesOf(d), expect: 1 },
    ]);
  }
}
