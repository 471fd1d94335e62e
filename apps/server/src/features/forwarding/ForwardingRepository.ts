import type {
  ConsentPurpose,
  DeliveryAttempt,
  DeliveryInfo,
  DeliveryState,
  DestinationKind,
  OutboundHost,
  PlannedRequest,
  SecretInfo,
} from "@liftoff/schema";
import type { Row, SqlClient, Step } from "../../db/SqlClient.ts";

/** A claimed inbox row: one forwarded request whose events are not planned yet. */
export interface InboxItem {
  id: number;
  requestRow: number;
  receivedMs: number;
  datastreamId: string;
  propertyId: string;
  environmentId: string;
  /** `RequestFacts` as stored. */
  facts: unknown;
  tries: number;
}

/** A delivery as planned, before it is stored: the fields the plan decides. */
export type NewDelivery = Pick<
  DeliveryInfo,
  | "propertyId"
  | "environmentId"
  | "datastreamId"
  | "requestId"
  | "eventIndex"
  | "ruleId"
  | "ruleName"
  | "actionIndex"
  | "destination"
  | "host"
  | "purpose"
  | "idempotencyKey"
  | "request"
  | "previewSessionId"
>;

/** What one attempt changed: delivered, due again at `nextMs`, or dead. */
export type AttemptResult =
  | { state: "delivered"; attempt: DeliveryAttempt }
  | { state: "pending"; nextMs: number; reason: string; attempt: DeliveryAttempt }
  | { state: "dead"; reason: string; attempt: DeliveryAttempt };

export interface DeliveryQuery {
  state?: DeliveryState;
  /** Pending deliveries that have failed at least once. */
  failing?: boolean;
  destination?: DestinationKind;
  limit: number;
  /** Only deliveries with a smaller id (the page before). */
  before?: number;
}

export interface SealedSecret {
  name: string;
  keyId: string;
  sealed: Buffer;
}

const insertDelivery = (d: NewDelivery, now: number): Step => ({
  sql: `INSERT INTO forwarding_deliveries (property_id, environment_id, datastream_id,
          request_id, event_index, rule_id, rule_name, action_index, destination, host,
          purpose, idempotency_key, request, state, attempts, created_ms, next_ms,
          attempt_log, preview_session_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, '[]', ?)
        ON CONFLICT (idempotency_key) DO NOTHING`,
  params: [
    d.propertyId,
    d.environmentId,
    d.datastreamId,
    d.requestId,
    d.eventIndex,
    d.ruleId,
    d.ruleName,
    d.actionIndex,
    d.destination,
    d.host,
    d.purpose,
    d.idempotencyKey,
    JSON.stringify(d.request),
    now,
    now,
    d.previewSessionId ?? null,
  ],
});

/** At most this many attempts are kept on a delivery, the newest. */
const ATTEMPT_LOG_MAX = 10;

const json = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);
const num = (value: unknown): number | undefined =>
  value === null || value === undefined ? undefined : Number(value);

const toInbox = (r: Row): InboxItem => ({
  id: Number(r.id),
  requestRow: Number(r.request_row),
  receivedMs: Number(r.received_ms),
  datastreamId: String(r.datastream_id),
  propertyId: String(r.property_id),
  environmentId: String(r.environment_id),
  facts: json(r.facts),
  tries: Number(r.tries),
});

const iso = (ms: unknown) => new Date(Number(ms)).toISOString();
/** A text column (both drivers answer a string). */
const text = (value: unknown): string => (typeof value === "string" ? value : String(value));

function toDelivery(r: Row): DeliveryInfo {
  const info: DeliveryInfo = {
    id: String(r.id),
    propertyId: String(r.property_id),
    environmentId: String(r.environment_id),
    datastreamId: String(r.datastream_id),
    requestId: String(r.request_id),
    eventIndex: Number(r.event_index),
    ruleId: String(r.rule_id),
    ruleName: String(r.rule_name),
    actionIndex: Number(r.action_index),
    destination: String(r.destination) as DestinationKind,
    host: String(r.host),
    purpose: String(r.purpose) as ConsentPurpose,
    idempotencyKey: String(r.idempotency_key),
    state: String(r.state) as DeliveryState,
    attempts: Number(r.attempts),
    createdAt: iso(r.created_ms),
    request: json(r.request) as PlannedRequest,
    attemptLog: json(r.attempt_log) as DeliveryAttempt[],
  };
  if (info.state === "pending") info.nextAt = iso(r.next_ms);
  if (r.delivered_ms != null) info.deliveredAt = iso(r.delivered_ms);
  if (r.reason != null) info.reason = text(r.reason);
  if (r.preview_session_id != null) info.previewSessionId = text(r.preview_session_id);
  const status = num(r.last_status);
  const latency = num(r.last_latency_ms);
  if (status !== undefined) info.lastStatus = status;
  if (latency !== undefined) info.lastLatencyMs = latency;
  return info;
}

/**
 * The forwarding queue and its settings on either database (migration 15). Claims take a
 * lease (`locked_until`): a node that dies mid-work leaves its rows to be claimed again when
 * the lease ends, so nothing acknowledged is lost and at most the in-flight work is repeated.
 * On PostgreSQL claims skip rows another node holds (`FOR UPDATE SKIP LOCKED`), so N nodes
 * share the queue without waiting on each other; SQLite has one writer and needs no lock.
 */
export class ForwardingRepository {
  private readonly skipLocked: string;

  constructor(
    private readonly sql: SqlClient,
    private readonly kind: "sqlite" | "postgres",
  ) {
    this.skipLocked = kind === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
  }

  async claimInbox(limit: number, leaseMs: number, now: number): Promise<InboxItem[]> {
    const rows = await this.sql.all(
      `UPDATE forwarding_inbox SET locked_until = ?, tries = tries + 1
       WHERE id IN (SELECT id FROM forwarding_inbox WHERE locked_until <= ?
                    ORDER BY id LIMIT ? ${this.skipLocked})
       RETURNING *`,
      [now + leaseMs, now, limit],
    );
    return rows.map(toInbox).sort((a, b) => a.id - b.id);
  }

  /** The stored request body an inbox row names (undefined: retention removed it). */
  async requestBody(item: InboxItem): Promise<string | undefined> {
    const rows =
      this.kind === "postgres"
        ? await this.sql.all("SELECT body::text AS body FROM requests WHERE id = ?", [
            item.requestRow,
          ])
        : await this.sql.all("SELECT body FROM requests WHERE id = ?", [item.requestRow]);
    const body = rows[0]?.body;
    return body === undefined || body === null ? undefined : text(body);
  }

  /**
   * Stores inbox rows' deliveries and removes the rows, in one transaction (one commit for a
   * whole claim: the single SQLite writer is what ingest and forwarding share). A delivery
   * whose idempotency key is stored already (its row was planned before a crash) is kept
   * once. False, and nothing written, when a row was gone (another node finished it after
   * this one's lease ended): the caller plans the rows one by one.
   */
  planned(
    plans: ReadonlyArray<{ item: InboxItem; deliveries: NewDelivery[] }>,
    now: number,
  ): Promise<boolean> {
    const steps: Step[] = plans.flatMap(({ item, deliveries }) => [
      ...deliveries.map((d) => insertDelivery(d, now)),
      { sql: "DELETE FROM forwarding_inbox WHERE id = ?", params: [item.id], expect: 1 },
    ]);
    return this.sql.transaction(steps);
  }

  /** Removes an inbox row that will never be planned (its body is gone, or it kept failing). */
  async dropInbox(id: number): Promise<void> {
    await this.sql.all("DELETE FROM forwarding_inbox WHERE id = ?", [id]);
  }

  async claimDeliveries(limit: number, leaseMs: number, now: number): Promise<DeliveryInfo[]> {
    if (limit <= 0) return [];
    const rows = await this.sql.all(
      `UPDATE forwarding_deliveries SET locked_until = ?
       WHERE id IN (SELECT id FROM forwarding_deliveries
                    WHERE state = 'pending' AND next_ms <= ? AND locked_until <= ?
                    ORDER BY next_ms LIMIT ? ${this.skipLocked})
       RETURNING *`,
      [now + leaseMs, now, now, limit],
    );
    return rows.map(toDelivery);
  }

  /** The earliest time a pending delivery is due (undefined: none is pending). */
  async nextDue(): Promise<number | undefined> {
    const [row] = await this.sql.all(
      "SELECT MIN(next_ms) AS due FROM forwarding_deliveries WHERE state = 'pending'",
    );
    return num(row?.due);
  }

  /** Records attempts on claimed deliveries and releases their leases, in one transaction. */
  async recorded(
    attempts: ReadonlyArray<{ delivery: DeliveryInfo; result: AttemptResult }>,
    now: number,
  ): Promise<void> {
    await this.sql.transaction(
      attempts.map(({ delivery, result }) => {
        const log = [...(delivery.attemptLog ?? []), result.attempt].slice(-ATTEMPT_LOG_MAX);
        return {
          sql: `UPDATE forwarding_deliveries SET state = ?, attempts = attempts + 1, next_ms = ?,
                  locked_until = 0, delivered_ms = ?, reason = ?, last_status = ?,
                  last_latency_ms = ?, attempt_log = ?
                WHERE id = ?`,
          params: [
            result.state,
            result.state === "pending" ? result.nextMs : now,
            result.state === "delivered" ? now : null,
            result.state === "delivered" ? null : result.reason,
            result.attempt.status ?? null,
            Math.round(result.attempt.latencyMs),
            JSON.stringify(log),
            Number(delivery.id),
          ],
        };
      }),
    );
  }

  /** Gives a delivery its lease back untried (the destination's queue was full). */
  async released(id: string): Promise<void> {
    await this.sql.all("UPDATE forwarding_deliveries SET locked_until = 0 WHERE id = ?", [
      Number(id),
    ]);
  }

  async list(propertyId: string, query: DeliveryQuery): Promise<DeliveryInfo[]> {
    const where = ["property_id = ?"];
    const params: unknown[] = [propertyId];
    if (query.state) {
      where.push("state = ?");
      params.push(query.state);
    }
    if (query.failing) where.push("state = 'pending' AND attempts > 0");
    if (query.destination) {
      where.push("destination = ?");
      params.push(query.destination);
    }
    if (query.before !== undefined) {
      where.push("id < ?");
      params.push(query.before);
    }
    params.push(query.limit);
    const rows = await this.sql.all(
      `SELECT * FROM forwarding_deliveries WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?`,
      params,
    );
    return rows.map(toDelivery);
  }

  /** A request's deliveries, in the order they were planned. */
  async forRequest(propertyId: string, requestId: string): Promise<DeliveryInfo[]> {
    const rows = await this.sql.all(
      `SELECT * FROM forwarding_deliveries WHERE property_id = ? AND request_id = ? ORDER BY id`,
      [propertyId, requestId],
    );
    return rows.map(toDelivery);
  }

  async get(propertyId: string, id: number): Promise<DeliveryInfo | undefined> {
    const [row] = await this.sql.all(
      "SELECT * FROM forwarding_deliveries WHERE property_id = ? AND id = ?",
      [propertyId, id],
    );
    return row && toDelivery(row);
  }

  /** Puts a dead delivery back in the queue, due now, with a fresh count of attempts. */
  replay(propertyId: string, id: number, now: number): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: `UPDATE forwarding_deliveries SET state = 'pending', attempts = 0, next_ms = ?,
                locked_until = 0, reason = NULL
              WHERE property_id = ? AND id = ? AND state = 'dead'`,
        params: [now, propertyId, id],
        expect: 1,
      },
    ]);
  }

  /**
   * Counts per destination and host since `sinceMs`, and the latencies of the newest delivered
   * attempts (at most 5,000 per property) for percentiles.
   */
  async stats(propertyId: string, sinceMs: number): Promise<{ counts: Row[]; latencies: Row[] }> {
    const counts = await this.sql.all(
      `SELECT destination, host, state, COUNT(*) AS n FROM forwarding_deliveries
       WHERE property_id = ? AND created_ms >= ? GROUP BY destination, host, state`,
      [propertyId, sinceMs],
    );
    const latencies = await this.sql.all(
      `SELECT destination, host, last_latency_ms AS ms FROM forwarding_deliveries
       WHERE property_id = ? AND created_ms >= ? AND state = 'delivered'
       ORDER BY id DESC LIMIT 5000`,
      [propertyId, sinceMs],
    );
    return { counts, latencies };
  }

  /** Counts of the queue, for /metrics and the benches. */
  async depth(): Promise<{ inbox: number; pending: number; dead: number }> {
    const [inbox] = await this.sql.all("SELECT COUNT(*) AS n FROM forwarding_inbox");
    const states = await this.sql.all(
      "SELECT state, COUNT(*) AS n FROM forwarding_deliveries GROUP BY state",
    );
    const count = (state: string) => Number(states.find((s) => s.state === state)?.n ?? 0);
    return { inbox: Number(inbox?.n ?? 0), pending: count("pending"), dead: count("dead") };
  }

  async hosts(propertyId: string): Promise<OutboundHost[]> {
    const rows = await this.sql.all(
      `SELECT host, allow_private, max_per_second, max_concurrent FROM forwarding_hosts
       WHERE property_id = ? ORDER BY host`,
      [propertyId],
    );
    return rows.map((r) => {
      const host: OutboundHost = { host: text(r.host) };
      if (Number(r.allow_private) === 1) host.allowPrivate = true;
      if (r.max_per_second != null) host.maxPerSecond = Number(r.max_per_second);
      if (r.max_concurrent != null) host.maxConcurrent = Number(r.max_concurrent);
      return host;
    });
  }

  async setHosts(propertyId: string, hosts: OutboundHost[]): Promise<void> {
    await this.sql.transaction([
      { sql: "DELETE FROM forwarding_hosts WHERE property_id = ?", params: [propertyId] },
      ...hosts.map((h) => ({
        sql: `INSERT INTO forwarding_hosts
                (property_id, host, allow_private, max_per_second, max_concurrent)
              VALUES (?, ?, ?, ?, ?)`,
        params: [
          propertyId,
          h.host,
          h.allowPrivate ? 1 : 0,
          h.maxPerSecond ?? null,
          h.maxConcurrent ?? null,
        ],
      })),
    ]);
  }

  async secrets(propertyId: string): Promise<SecretInfo[]> {
    const rows = await this.sql.all(
      `SELECT environment_id, name, updated_ms, updated_by FROM forwarding_secrets
       WHERE property_id = ? ORDER BY environment_id, name`,
      [propertyId],
    );
    return rows.map((r) => ({
      environmentId: String(r.environment_id),
      name: String(r.name),
      updatedAt: iso(r.updated_ms),
      updatedBy: String(r.updated_by),
    }));
  }

  /** The sealed secrets of one environment: what the sender opens. */
  async sealedSecrets(propertyId: string, environmentId: string): Promise<SealedSecret[]> {
    const rows = await this.sql.all(
      `SELECT name, key_id, sealed FROM forwarding_secrets
       WHERE property_id = ? AND environment_id = ?`,
      [propertyId, environmentId],
    );
    return rows.map((r) => ({
      name: String(r.name),
      keyId: String(r.key_id),
      sealed: Buffer.from(r.sealed as Uint8Array),
    }));
  }

  /** Every sealed secret, for re-sealing under a new key (`liftoff secrets rotate`). */
  async allSealed(): Promise<Array<SealedSecret & { propertyId: string; environmentId: string }>> {
    const rows = await this.sql.all(
      "SELECT property_id, environment_id, name, key_id, sealed FROM forwarding_secrets",
    );
    return rows.map((r) => ({
      propertyId: String(r.property_id),
      environmentId: String(r.environment_id),
      name: String(r.name),
      keyId: String(r.key_id),
      sealed: Buffer.from(r.sealed as Uint8Array),
    }));
  }

  async putSecret(
    propertyId: string,
    environmentId: string,
    secret: SealedSecret,
    by: string,
    now: number,
  ): Promise<void> {
    await this.sql.all(
      `INSERT INTO forwarding_secrets
         (property_id, environment_id, name, key_id, sealed, updated_ms, updated_by)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (property_id, environment_id, name) DO UPDATE SET key_id = excluded.key_id,
         sealed = excluded.sealed, updated_ms = excluded.updated_ms, updated_by = excluded.updated_by`,
      [propertyId, environmentId, secret.name, secret.keyId, secret.sealed, now, by],
    );
  }

  /** Re-seals a secret without changing who set it or when (key rotation). */
  async resealSecret(
    propertyId: string,
    environmentId: string,
    secret: SealedSecret,
  ): Promise<void> {
    await this.sql.all(
      `UPDATE forwarding_secrets SET key_id = ?, sealed = ?
       WHERE property_id = ? AND environment_id = ? AND name = ?`,
      [secret.keyId, secret.sealed, propertyId, environmentId, secret.name],
    );
  }

  deleteSecret(propertyId: string, environmentId: string, name: string): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: `DELETE FROM forwarding_secrets WHERE property_id = ? AND environment_id = ?
              AND name = ?`,
        params: [propertyId, environmentId, name],
        expect: 1,
      },
    ]);
  }
}
