import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import type { NewEvent, RequestKey } from "../../store/Store.ts";
import { EVENT_VALUE_COLUMNS, eventValues } from "./eventColumns.ts";
import type { KeyPlan } from "./requestKeys.ts";
import { sourceOf } from "./eventSource.ts";

/**
 * One event as the writer inserts it: `[newRequest, requestId, body, index, receivedAt,
 * datastreamId, propertyId, environmentId, ecid, eventType, pageName, pageUrl, siteSection,
 * eventNumbers, linkType, linkUrl, campaign]`.
 * `newRequest` is 1 on the first event of a request (which carries the body), else 0 with a
 * null body. Flat arrays of strings are what a worker thread receives cheapest; the parsed
 * xdm and data never cross.
 */
export type WriteRow = Array<string | number | null>;

/** Events as rows; consecutive events of one request share its body (see eventSource.ts). */
export function toWriteRows(events: NewEvent[]): WriteRow[] {
  const rows: WriteRow[] = [];
  let body: string | undefined;
  let requestId: string | undefined;
  let lastIndex = -1;
  let time: Date | undefined;
  let iso = "";
  for (const e of events) {
    const source = sourceOf(e);
    // A new request starts where the body, the request id or the index sequence changes.
    const starts = source.body !== body || e.requestId !== requestId || source.index <= lastIndex;
    body = source.body;
    requestId = e.requestId;
    lastIndex = source.index;
    // The edge gives every event of a request the same Date: format it once.
    if (e.receivedAt !== time) {
      time = e.receivedAt;
      iso = time.toISOString();
    }
    rows.push([
      starts ? 1 : 0,
      e.requestId,
      starts ? source.body : null,
      source.index,
      iso,
      ...eventValues(e),
    ]);
  }
  return rows;
}

/** A request key as the writer inserts it: `[datastreamId, requestId, fingerprint, ecid, receivedMs]`. */
export type KeyRow = [string, string, string, string, number];

/** A key that was already stored (within the window): `[keyIndex, fingerprint, ecid, receivedMs]`. */
export type TakenRow = [number, string, string, number];

/**
 * A forwarded request's inbox row as the writer inserts it, after its events:
 * `[receivedMs, datastreamId, forwardPropertyId, forwardEnvironmentId, factsJson]`.
 */
export type InboxRow = [number, string, string, string, string];

/** One transaction for the writer: keys first, then the rows of the requests that may store. */
export interface WriteBatch {
  /** The batch's distinct keys in lock order (features/edge/requestKeys.ts, `planKeys`). */
  keys: KeyRow[];
  /**
   * Each request that may store: the index of its key in `keys` (-1: none), its rows, and its
   * forwarding inbox row when its datastream forwards.
   */
  requests: Array<[number, WriteRow[], InboxRow?]>;
  /** A stored key received this many ms or more before the new one is out of the window. */
  windowMs: number;
}

/** A batch of keyless events (`appendBatch`): one request per body, as toWriteRows splits them. */
export const eventBatch = (events: NewEvent[]): WriteBatch => ({
  keys: [],
  requests: [[-1, toWriteRows(events)]],
  windowMs: 0,
});

/** The planned requests of `appendRequests` as the writer's batch. */
export const plannedBatch = (plan: KeyPlan, windowMs: number): WriteBatch => ({
  keys: plan.keys.map((k) => [
    k.datastreamId,
    k.requestId,
    k.fingerprint,
    k.ecid,
    k.receivedAt.getTime(),
  ]),
  requests: plan.candidates
    .filter((c) => c.request.events.length > 0 || c.key >= 0)
    .map((c): [number, WriteRow[], InboxRow?] => {
      const rows = toWriteRows(c.request.events);
      const f = c.request.forward;
      const first = c.request.events[0];
      if (!f || !first) return [c.key, rows];
      const inbox: InboxRow = [
        first.receivedAt.getTime(),
        first.datastreamId,
        f.propertyId,
        f.environmentId,
        f.facts,
      ];
      return [c.key, rows, inbox];
    }),
  windowMs,
});

/** The taken keys the writer reports, as the stores' `taken` map (requestKeys.ts, `outcomesOf`). */
export const takenKeys = (plan: KeyPlan, taken: TakenRow[]): Map<number, RequestKey> =>
  new Map(
    taken.map(([index, fingerprint, ecid, ms]) => {
      const key = plan.keys[index]!;
      return [index, { ...key, fingerprint, ecid, receivedAt: new Date(ms) }];
    }),
  );

/**
 * Prepares the inserts and returns a transaction function that writes a batch and answers
 * which of its keys were already stored. It must stay self-contained (only its parameters,
 * no imports or outer names): the writer thread runs its source text, so the thread and an
 * in-memory store share one implementation.
 *
 * A key is inserted unless the same key is stored from less than `windowMs` before it; an
 * older one is replaced (the window has passed, docs/server.md, Retries). The rows of a request whose key was taken are
 * skipped, so its events are stored once.
 */
export function createRowWriter(
  db: Database.Database,
  columns: string,
): (batch: WriteBatch) => TakenRow[] {
  const insertRequest = db.prepare("INSERT INTO requests (request_id, body) VALUES (?, ?)");
  const names = `request_row, event_index, received_at, ${columns}`;
  const marks = names.split(",").map(() => "?");
  const insertEvent = db.prepare(`INSERT INTO events (${names}) VALUES (${marks.join(", ")})`);
  let insertKey: Database.Statement | undefined;
  let readKey: Database.Statement | undefined;
  let insertInbox: Database.Statement | undefined;
  return db.transaction((batch: WriteBatch) => {
    const taken: TakenRow[] = [];
    const skip = new Set<number>();
    if (batch.keys.length > 0) {
      insertKey ??= db.prepare(
        `INSERT INTO request_keys (datastream_id, request_id, fingerprint, ecid, received_ms)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (datastream_id, request_id) DO UPDATE SET
         fingerprint = excluded.fingerprint, ecid = excluded.ecid, received_ms = excluded.received_ms
         WHERE request_keys.received_ms <= excluded.received_ms - ?`,
      );
      readKey ??= db.prepare(
        "SELECT fingerprint, ecid, received_ms FROM request_keys WHERE datastream_id = ? AND request_id = ?",
      );
      batch.keys.forEach((key, index) => {
        if (insertKey!.run(...key, batch.windowMs).changes > 0) return;
        const first = readKey!.get(key[0], key[1]) as {
          fingerprint: string;
          ecid: string;
          received_ms: number;
        };
        taken.push([index, first.fingerprint, first.ecid, Number(first.received_ms)]);
        skip.add(index);
      });
    }
    for (const [key, rows, inbox] of batch.requests) {
      if (skip.has(key)) continue;
      let requestRow = 0;
      for (const row of rows) {
        if (row[0] === 1) requestRow = Number(insertRequest.run(row[1], row[2]).lastInsertRowid);
        insertEvent.run(requestRow, ...row.slice(3));
      }
      if (inbox && rows.length > 0) {
        insertInbox ??= db.prepare(
          `INSERT INTO forwarding_inbox (request_row, received_ms, datastream_id, property_id,
           environment_id, facts) VALUES (?, ?, ?, ?, ?, ?)`,
        );
        insertInbox.run(requestRow, ...inbox);
      }
    }
    return taken;
  });
}

// Runs inside the worker (CommonJS eval): its own connection to the database file, the same
// pragmas as the store's, one transaction per message, and an answer only after the commit.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const createRowWriter = ${createRowWriter.toString()};
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = " + workerData.synchronous);
db.pragma("wal_autocheckpoint = 0");
db.pragma("journal_size_limit = " + workerData.journalSizeLimit);
let write;
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    write = write || createRowWriter(db, workerData.columns);
    const taken = write(message.batch);
    parentPort.postMessage({ id: message.id, taken });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  resolve: (taken: TakenRow[]) => void;
  reject: (error: Error) => void;
}

export interface SqliteEventWriterOptions {
  synchronous: "NORMAL" | "FULL";
  journalSizeLimit: number;
}

/**
 * Writes events from a worker thread that owns its own connection to the database file. The
 * event loop only turns events into rows and hands them over; the inserts, the index updates
 * and the commit run on the other core (bench/RESULTS.md). `write` resolves after the commit,
 * so "2xx only after commit" holds as before.
 */
export class SqliteEventWriter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly exited: Promise<void>;
  private nextId = 1;
  private failure: Error | undefined;
  /** Set by close(): the thread stays ref'd until it exits, whatever answers still arrive. */
  private closing = false;

  constructor(file: string, options: SqliteEventWriterOptions) {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    this.worker = new Worker(workerSource, {
      eval: true,
      workerData: { file, driver, columns: EVENT_VALUE_COLUMNS, ...options },
    });
    // Idle, the thread must not keep the process alive; while a write is pending it must,
    // or a shutdown could exit before the commit is acknowledged.
    this.worker.unref();
    this.worker.on("message", (message: { id: number; taken?: TakenRow[]; error?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0 && !this.closing) this.worker.unref();
      if (message.error === undefined) pending.resolve(message.taken ?? []);
      else pending.reject(new Error(message.error));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    this.worker.on("error", (error) => fail(error));
    this.exited = new Promise((resolve) =>
      this.worker.once("exit", () => {
        fail(this.failure ?? new Error("The event writer thread has stopped."));
        resolve();
      }),
    );
  }

  /** Resolves once the events are committed. */
  async write(events: NewEvent[]): Promise<void> {
    await this.writeBatch(eventBatch(events));
  }

  /** Resolves once the batch is committed, with the keys that were already stored. */
  writeBatch(batch: WriteBatch): Promise<TakenRow[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, batch });
    });
  }

  /**
   * Closes the thread's connection once the writes already sent are done. Until the thread
   * has exited it keeps the process alive, as a pending write does: an unref'd thread let a
   * process with nothing else to do end while its caller still awaited this (a refused
   * start-up exited with code 13 before printing why).
   */
  close(): Promise<void> {
    this.closing = true;
    this.worker.ref();
    if (!this.failure) this.worker.postMessage("close");
    return this.exited;
  }
}
