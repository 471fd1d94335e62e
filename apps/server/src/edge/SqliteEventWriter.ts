import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import type { NewEvent } from "../storage/Store.ts";
import { EVENT_VALUE_COLUMNS, eventValues } from "../storage/eventColumns.ts";
import { sourceOf } from "./eventSource.ts";

/**
 * One event as the writer inserts it: `[newRequest, requestId, body, index, receivedAt,
 * datastreamId, propertyId, environmentId, ecid, eventType, pageName, pageUrl, siteSection,
 * eventNumbers, linkType, linkUrl, searchTerm, deviceType, downloadName, campaign]`.
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

/**
 * Prepares the two inserts and returns a transaction function that writes rows. It must stay
 * self-contained (only its parameter, no imports or outer names): the writer thread runs its
 * source text, so the thread and an in-memory store share one implementation.
 */
export function createRowWriter(
  db: Database.Database,
  columns: string,
): (rows: WriteRow[]) => void {
  const insertRequest = db.prepare("INSERT INTO requests (request_id, body) VALUES (?, ?)");
  const names = `request_row, event_index, received_at, ${columns}`;
  const marks = names.split(",").map(() => "?");
  const insertEvent = db.prepare(`INSERT INTO events (${names}) VALUES (${marks.join(", ")})`);
  return db.transaction((rows: WriteRow[]) => {
    let requestRow = 0;
    for (const row of rows) {
      if (row[0] === 1) requestRow = Number(insertRequest.run(row[1], row[2]).lastInsertRowid);
      insertEvent.run(requestRow, ...row.slice(3));
    }
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
    write(message.rows);
    parentPort.postMessage({ id: message.id });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  resolve: () => void;
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

  constructor(file: string, options: SqliteEventWriterOptions) {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    this.worker = new Worker(workerSource, {
      eval: true,
      workerData: { file, driver, columns: EVENT_VALUE_COLUMNS, ...options },
    });
    // Idle, the thread must not keep the process alive; while a write is pending it must,
    // or a shutdown could exit before the commit is acknowledged.
    this.worker.unref();
    this.worker.on("message", (message: { id: number; error?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (message.error === undefined) pending.resolve();
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
  write(events: NewEvent[]): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const rows = toWriteRows(events);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, rows });
    });
  }

  /** Closes the thread's connection once the writes already sent are done. */
  close(): Promise<void> {
    if (!this.failure) this.worker.postMessage("close");
    return this.exited;
  }
}
