import type pg from "pg";
import { DayPartitions, isMissingPartition, utcDay } from "../../db/DayPartitions.ts";
import type {
  EventFilter,
  EventRepository,
  NewEvent,
  NewRequest,
  RequestKey,
  RequestOutcome,
  StoredEvent,
} from "../../store/Store.ts";
import {
  EVENT_VALUE_COLUMNS,
  eventFieldsOf,
  eventValues,
  type EventValueRow,
} from "./eventColumns.ts";
import { eventAt, requestEvents, sourceOf } from "./eventSource.ts";
import eventWhere from "./eventWhere.ts";
import { outcomesOf, planKeys, type KeyPlan } from "./requestKeys.ts";

interface EventRow extends EventValueRow {
  id: string;
  request_row: string;
  event_index: number;
  received_at: Date;
  body: unknown;
}

/** Rows with their request's body (JSONB, parsed by the driver); each body looked up once. */
function toEvents(rows: EventRow[]): StoredEvent[] {
  const bodies = new Map<string, unknown[]>();
  return rows.map((r) => {
    let events = bodies.get(r.request_row);
    if (!events) {
      events = requestEvents(r.body);
      bodies.set(r.request_row, events);
    }
    const { xdm, data } = eventAt(events, r.event_index);
    return { id: Number(r.id), receivedAt: r.received_at, xdm, data, ...eventFieldsOf(r) };
  });
}

const where = (filter: EventFilter) => eventWhere(filter, (n) => `$${n}`);

const limitOf = (filter: EventFilter) => Math.min(Math.max(filter.limit ?? 100, 1), 1000);
/** request_row, event_index, received_at and the shared value columns. */
const EVENT_COLUMNS = 3 + EVENT_VALUE_COLUMNS.split(",").length;
// PostgreSQL allows 65,535 bind parameters per statement.
const ROWS_PER_INSERT = 2000;

/** `($1,$2,…)` tuples of `width` parameters for `rows` rows. */
const tuples = (rows: number, width: number) =>
  Array.from(
    { length: rows },
    (_, i) => `(${Array.from({ length: width }, (_, k) => `$${i * width + k + 1}`).join(",")})`,
  ).join(",");

interface RequestGroup {
  body: string;
  requestId: string;
  last: number;
  /** The UTC day of its events: a request row lives in the same day partition as they do. */
  day: string;
  events: NewEvent[];
}

/** The events of a batch grouped by request: one body row each (as in SqliteStore). */
/**
 * The forwarding inbox rows of the stored requests whose datastream forwards, in the events'
 * transaction (docs/event-forwarding.md): one per request, naming its `requests` row.
 */
async function insertInbox(
  client: pg.PoolClient,
  stored: KeyPlan["candidates"],
  requestRowOf: Map<NewEvent, string>,
): Promise<void> {
  const params: unknown[] = [];
  let count = 0;
  for (const { request } of stored) {
    const first = request.events[0];
    const row = first && requestRowOf.get(first);
    if (!request.forward || !first || row === undefined) continue;
    const f = request.forward;
    params.push(row, first.receivedAt.getTime(), first.datastreamId, f.propertyId);
    params.push(f.environmentId, f.facts);
    count++;
  }
  if (count === 0) return;
  await client.query(
    `INSERT INTO forwarding_inbox (request_row, received_ms, datastream_id, property_id,
       environment_id, facts) VALUES ${tuples(count, 6)}`,
    params,
  );
}

function groupByRequest(events: NewEvent[]): RequestGroup[] {
  const groups: RequestGroup[] = [];
  for (const e of events) {
    const source = sourceOf(e);
    const group = groups.at(-1);
    const day = utcDay(e.receivedAt);
    if (
      group &&
      group.body === source.body &&
      group.requestId === e.requestId &&
      group.day === day &&
      source.index > group.last
    ) {
      group.events.push(e);
      group.last = source.index;
    } else {
      groups.push({
        body: source.body,
        requestId: e.requestId,
        last: source.index,
        day,
        events: [e],
      });
    }
  }
  return groups;
}

/**
 * What other features do inside an events insert or after a retention drop, without the edge
 * knowing them: the store composes them (store/PostgresStore.ts).
 */
export interface PostgresEventHooks {
  /** In the insert's transaction, before the events are written (report rollups drop the periods they touch). */
  beforeInsert?(client: pg.PoolClient, times: Date[]): Promise<void>;
  /** In the insert's transaction, with the new events' ids (notices to the other nodes). */
  beforeCommit?(client: pg.PoolClient, ids: number[]): Promise<void>;
  /** After retention removed the days before `cutoff`. */
  afterRemove?(cutoff: Date): Promise<void>;
}

/**
 * Events on PostgreSQL: each request's body once in `requests`, events pointing into it,
 * both partitioned by UTC day (`DayPartitions`); request keys make a retried request store
 * once across nodes.
 */
export class PostgresEvents implements EventRepository {
  private readonly partitions: DayPartitions;

  constructor(
    private readonly pool: pg.Pool,
    private readonly hooks: PostgresEventHooks = {},
  ) {
    this.partitions = new DayPartitions(pool);
  }

  /**
   * Inserts the batch's keys (in `plan.keys` order, the same lock order on every node) and
   * answers those already stored within the window, by index. A key another transaction is
   * inserting makes this insert wait for that transaction: once it commits, the key is
   * "already stored" here (READ COMMITTED: the next statement sees it); if it rolls back, it
   * is inserted here.
   */
  private async insertKeys(
    client: pg.PoolClient,
    keys: RequestKey[],
    windowMs: number,
  ): Promise<Map<number, RequestKey>> {
    const taken = new Map<number, RequestKey>();
    if (keys.length === 0) return taken;
    const inserted = new Set<string>();
    for (let start = 0; start < keys.length; start += ROWS_PER_INSERT) {
      const chunk = keys.slice(start, start + ROWS_PER_INSERT);
      const { rows } = await client.query<{ datastream_id: string; request_id: string }>(
        `INSERT INTO request_keys (datastream_id, request_id, fingerprint, ecid, received_ms)
           VALUES ${tuples(chunk.length, 5)}
           ON CONFLICT (datastream_id, request_id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint,
           ecid = EXCLUDED.ecid, received_ms = EXCLUDED.received_ms
           WHERE request_keys.received_ms <= EXCLUDED.received_ms - $${chunk.length * 5 + 1}
           RETURNING datastream_id, request_id`,
        [
          ...chunk.flatMap((k) => [
            k.datastreamId,
            k.requestId,
            k.fingerprint,
            k.ecid,
            k.receivedAt.getTime(),
          ]),
          windowMs,
        ],
      );
      for (const r of rows) inserted.add(`${r.datastream_id}\n${r.request_id}`);
    }
    const missing = keys
      .map((key, index) => ({ key, index }))
      .filter(({ key }) => !inserted.has(`${key.datastreamId}\n${key.requestId}`));
    if (missing.length === 0) return taken;
    const { rows } = await client.query<{
      datastream_id: string;
      request_id: string;
      fingerprint: string;
      ecid: string;
      received_ms: string;
    }>(
      `SELECT k.* FROM request_keys k JOIN unnest($1::text[], $2::text[]) AS m (d, r)
         ON k.datastream_id = m.d AND k.request_id = m.r`,
      [missing.map((m) => m.key.datastreamId), missing.map((m) => m.key.requestId)],
    );
    const found = new Map(rows.map((r) => [`${r.datastream_id}\n${r.request_id}`, r]));
    for (const { key, index } of missing) {
      const row = found.get(`${key.datastreamId}\n${key.requestId}`);
      // Only a key deleted between the two statements (swept as out of the window a moment
      // after it blocked this insert) can be missing: the batch fails whole and is retried.
      if (!row) throw new Error(`request key ${key.requestId} vanished during its insert`);
      taken.set(index, {
        ...key,
        fingerprint: row.fingerprint,
        ecid: row.ecid,
        receivedAt: new Date(Number(row.received_ms)),
      });
    }
    return taken;
  }

  /**
   * One transaction for a batch whose day partitions exist: the keys, then the events of the
   * requests whose key was not taken. Answers the taken keys.
   */
  private async insertBatch(plan: KeyPlan, windowMs: number): Promise<Map<number, RequestKey>> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const taken = await this.insertKeys(client, plan.keys, windowMs);
      const events = plan.candidates
        .filter((c) => !taken.has(c.key))
        .flatMap((c) => c.request.events);
      if (events.length === 0) {
        await client.query("COMMIT");
        return taken;
      }
      await this.hooks.beforeInsert?.(
        client,
        events.map((e) => e.receivedAt),
      );
      const ids: number[] = [];
      const groups = groupByRequest(events);
      const requestRowOf = new Map<NewEvent, string>();
      for (let start = 0; start < groups.length; start += ROWS_PER_INSERT) {
        const chunk = groups.slice(start, start + ROWS_PER_INSERT);
        // Ids are drawn first so each event knows its request row without relying on the
        // order of RETURNING (which PostgreSQL does not document for multi-row inserts).
        const { rows } = await client.query<{ id: string }>(
          "SELECT nextval(pg_get_serial_sequence('requests', 'id')) AS id FROM generate_series(1, $1)",
          [chunk.length],
        );
        const rowOf = new Map(chunk.map((g, i) => [g, rows[i]!.id]));
        for (const g of chunk) requestRowOf.set(g.events[0]!, rowOf.get(g)!);
        await client.query(
          `INSERT INTO requests (id, received_at, request_id, body)
             VALUES ${tuples(chunk.length, 4)}`,
          chunk.flatMap((g) => [rowOf.get(g), g.events[0]!.receivedAt, g.requestId, g.body]),
        );
        const params: unknown[] = [];
        let count = 0;
        const flush = async () => {
          if (count === 0) return;
          const inserted = await client.query<{ id: string }>(
            `INSERT INTO events (request_row, event_index, received_at, ${EVENT_VALUE_COLUMNS})
               VALUES ${tuples(count, EVENT_COLUMNS)} RETURNING id`,
            params.splice(0),
          );
          for (const row of inserted.rows) ids.push(Number(row.id));
          count = 0;
        };
        for (const group of chunk) {
          for (const e of group.events) {
            params.push(rowOf.get(group), sourceOf(e).index, e.receivedAt, ...eventValues(e));
            if (++count === ROWS_PER_INSERT) await flush();
          }
        }
        await flush();
      }
      await insertInbox(
        client,
        plan.candidates.filter((c) => !taken.has(c.key)),
        requestRowOf,
      );
      await this.hooks.beforeCommit?.(client, ids);
      await client.query("COMMIT");
      return taken;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Appends planned requests; answers the keys that were already stored, by index. */
  private async append(plan: KeyPlan, windowMs: number): Promise<Map<number, RequestKey>> {
    const times = plan.candidates.flatMap((c) => c.request.events.map((e) => e.receivedAt));
    await this.partitions.ensure(times);
    try {
      return await this.insertBatch(plan, windowMs);
    } catch (error) {
      // Another node's retention dropped a day this one had cached: create it, retry once.
      if (!isMissingPartition(error)) throw error;
      this.partitions.forget();
      await this.partitions.ensure(times);
      return await this.insertBatch(plan, windowMs);
    }
  }

  async appendBatch(events: NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.append(planKeys([{ events }]), 0);
  }

  async appendRequests(requests: NewRequest[], windowMs: number): Promise<RequestOutcome[]> {
    const plan = planKeys(requests);
    if (plan.keys.length === 0 && plan.candidates.every((c) => c.request.events.length === 0))
      return outcomesOf(requests, plan, new Map());
    return outcomesOf(requests, plan, await this.append(plan, windowMs));
  }

  async removeRequestKeysBefore(cutoff: Date): Promise<number> {
    // Bounded deletes, each its own short transaction, so no sweep holds many row locks.
    let removed = 0;
    for (;;) {
      const { rowCount } = await this.pool.query(
        `DELETE FROM request_keys WHERE ctid IN
           (SELECT ctid FROM request_keys WHERE received_ms < $1 LIMIT 5000)`,
        [cutoff.getTime()],
      );
      removed += rowCount ?? 0;
      if ((rowCount ?? 0) < 5000) return removed;
    }
  }

  async list(filter: EventFilter = {}): Promise<StoredEvent[]> {
    const w = where(filter);
    const { rows } = await this.pool.query<EventRow>(
      `SELECT e.*, r.request_id, r.body FROM events e JOIN requests r ON r.id = e.request_row
         ${w.sql} ORDER BY e.id DESC LIMIT ${limitOf(filter)}`,
      w.params,
    );
    return toEvents(rows);
  }

  async listRange(firstId: number, lastId: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT e.*, r.request_id, r.body FROM events e JOIN requests r ON r.id = e.request_row
         WHERE e.id BETWEEN $1 AND $2 ORDER BY e.id LIMIT 5000`,
      [firstId, lastId],
    );
    return toEvents(rows);
  }

  async count(filter: EventFilter = {}): Promise<number> {
    const w = where(filter);
    const join = filter.requestId === undefined ? "" : "JOIN requests r ON r.id = e.request_row";
    const { rows } = await this.pool.query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM events e ${join} ${w.sql}`,
      w.params,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async removeBefore(cutoff: Date): Promise<string[]> {
    const days = await this.partitions.dropBefore(cutoff);
    await this.hooks.afterRemove?.(cutoff);
    return days;
  }
}
