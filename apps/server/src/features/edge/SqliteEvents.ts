import type Database from "better-sqlite3";
import type {
  EventFilter,
  EventRepository,
  NewEvent,
  NewRequest,
  RequestOutcome,
  StoredEvent,
} from "../../store/Store.ts";
import { EVENT_VALUE_COLUMNS, eventFieldsOf, type EventValueRow } from "./eventColumns.ts";
import { eventAt, requestEvents } from "./eventSource.ts";
import eventWhere from "./eventWhere.ts";
import removeSqliteEventsBefore from "./removeSqliteEventsBefore.ts";
import { outcomesOf, planKeys } from "./requestKeys.ts";
import {
  createRowWriter,
  eventBatch,
  plannedBatch,
  takenKeys,
  type SqliteEventWriter,
  type TakenRow,
  type WriteBatch,
} from "./SqliteEventWriter.ts";

interface EventRow extends EventValueRow {
  id: number;
  request_row: number;
  event_index: number;
  received_at: string;
  body: string;
}

/** Rows with their request's body; each body is parsed once however many events it holds. */
function toEvents(rows: EventRow[]): StoredEvent[] {
  const bodies = new Map<number, unknown[]>();
  return rows.map((r) => {
    let events = bodies.get(r.request_row);
    if (!events) {
      events = requestEvents(r.body);
      bodies.set(r.request_row, events);
    }
    const { xdm, data } = eventAt(events, r.event_index);
    return { id: r.id, receivedAt: new Date(r.received_at), xdm, data, ...eventFieldsOf(r) };
  });
}

const where = (filter: EventFilter) => eventWhere(filter, () => "?");

const limitOf = (filter: EventFilter) => Math.min(Math.max(filter.limit ?? 100, 1), 1000);

/**
 * Events on SQLite: each request's body once in `requests`, events pointing into it. Writes
 * go through `writer` (a thread of their own, for a database file) or this connection (an
 * in-memory database, which a thread cannot share); reads use this connection.
 */
export class SqliteEvents implements EventRepository {
  /** Inserts on this connection: in-memory databases. */
  private writeRows: ((batch: WriteBatch) => TakenRow[]) | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly writer: SqliteEventWriter | undefined,
  ) {}

  /** One transaction on the writer thread, or on this connection for an in-memory database. */
  private writeBatch(batch: WriteBatch): Promise<TakenRow[]> {
    if (this.writer) return this.writer.writeBatch(batch);
    // better-sqlite3 throws synchronously; callers of the contract expect a rejection.
    try {
      return Promise.resolve(
        (this.writeRows ??= createRowWriter(this.db, EVENT_VALUE_COLUMNS))(batch),
      );
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async appendBatch(events: NewEvent[]): Promise<void> {
    await this.writeBatch(eventBatch(events));
  }

  async appendRequests(requests: NewRequest[], windowMs: number): Promise<RequestOutcome[]> {
    const plan = planKeys(requests);
    const taken = await this.writeBatch(plannedBatch(plan, windowMs));
    return outcomesOf(requests, plan, takenKeys(plan, taken));
  }

  async removeRequestKeysBefore(cutoff: Date): Promise<number> {
    // Bounded batches, each a short transaction: the edge's writer waits one at most.
    const remove = this.db.prepare(
      `DELETE FROM request_keys WHERE rowid IN
       (SELECT rowid FROM request_keys WHERE received_ms < ? LIMIT 5000)`,
    );
    let removed = 0;
    for (;;) {
      const { changes } = remove.run(cutoff.getTime());
      removed += changes;
      if (changes < 5000) return removed;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  list(filter: EventFilter = {}): Promise<StoredEvent[]> {
    const w = where(filter);
    const rows = this.db
      .prepare(
        `SELECT e.*, r.request_id, r.body FROM events e JOIN requests r ON r.id = e.request_row
         ${w.sql} ORDER BY e.id DESC LIMIT ${limitOf(filter)}`,
      )
      .all(...w.params) as EventRow[];
    return Promise.resolve(toEvents(rows));
  }

  listRange(firstId: number, lastId: number): Promise<StoredEvent[]> {
    const rows = this.db
      .prepare(
        `SELECT e.*, r.request_id, r.body FROM events e JOIN requests r ON r.id = e.request_row
         WHERE e.id BETWEEN ? AND ? ORDER BY e.id LIMIT 5000`,
      )
      .all(firstId, lastId) as EventRow[];
    return Promise.resolve(toEvents(rows));
  }

  count(filter: EventFilter = {}): Promise<number> {
    const w = where(filter);
    const join = filter.requestId === undefined ? "" : "JOIN requests r ON r.id = e.request_row";
    const row = this.db
      .prepare(`SELECT COUNT(*) AS n FROM events e ${join} ${w.sql}`)
      .get(...w.params) as { n: number };
    return Promise.resolve(row.n);
  }

  removeBefore(cutoff: Date): Promise<string[]> {
    return removeSqliteEventsBefore(this.db, cutoff);
  }
}
