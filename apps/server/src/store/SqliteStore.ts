import {
  SqlDatastreams,
  type DatastreamRepository,
} from "../features/datastreams/DatastreamRepository.ts";
import {
  SqlHosts,
  SqlLibraries,
  type HostRepository,
  type LibraryRepository,
} from "../features/publishing/LibraryRepository.ts";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { AuditRepository } from "../features/authoring/AuditRepository.ts";
import { AuthoringRepository } from "../features/authoring/AuthoringRepository.ts";
import { sqliteClient } from "../db/SqlClient.ts";
import { UserRepository } from "../features/auth/UserRepository.ts";
import { SavedReportRepository } from "../features/reports/SavedReportRepository.ts";
import { PreviewRepository } from "../features/preview/PreviewRepository.ts";
import { migrations } from "./migrations.ts";
import { LocalBus } from "../db/ClusterBus.ts";
import { LoginFailureRepository } from "../features/auth/LoginFailureRepository.ts";
import { migrateSqlite, sqliteSchemaVersion } from "../db/migrate.ts";
import { eventAt, requestEvents } from "../features/edge/eventSource.ts";
import {
  createRowWriter,
  eventBatch,
  plannedBatch,
  SqliteEventWriter,
  takenKeys,
  type TakenRow,
  type WriteBatch,
} from "../features/edge/SqliteEventWriter.ts";
import { WalCheckpointer } from "../db/WalCheckpointer.ts";
import breakdownSql from "../features/reports/breakdownSql.ts";
import reportSql, { type ReportValue } from "../features/reports/reportSql.ts";
import type {
  EventFilter,
  NewEvent,
  NewRequest,
  BreakdownQuery,
  ReportQuery,
  RequestOutcome,
  ReportTable,
  Store,
  StoredEvent,
} from "./Store.ts";
import {
  EVENT_VALUE_COLUMNS,
  eventFieldsOf,
  type EventValueRow,
} from "../features/edge/eventColumns.ts";
import eventWhere from "../features/edge/eventWhere.ts";
import removeSqliteEventsBefore from "../features/edge/removeSqliteEventsBefore.ts";
import { outcomesOf, planKeys } from "../features/edge/requestKeys.ts";

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
 * SQLite adapter (better-sqlite3, WAL). `synchronous=NORMAL` in WAL mode makes a committed
 * transaction survive a killed process (the WAL is in the OS page cache); only a power loss
 * can drop the last transactions. `synchronous: "full"` trades throughput for that case.
 */

export class SqliteStore implements Store {
  readonly kind = "sqlite";
  readonly datastreams: DatastreamRepository;
  readonly libraries: LibraryRepository;
  readonly hosts: HostRepository;
  readonly authoring: AuthoringRepository;
  readonly users: UserRepository;
  readonly audit: AuditRepository;
  readonly savedReports: SavedReportRepository;
  readonly previews: PreviewRepository;
  readonly loginFailures: LoginFailureRepository;
  /** One node: what it publishes it hears itself. */
  readonly bus = new LocalBus();
  readonly nodeId = randomUUID();
  private readonly db: Database.Database;
  /** Inserts on this connection: in-memory databases, which a thread cannot share. */
  private writeRows: ((batch: WriteBatch) => TakenRow[]) | undefined;
  /** Inserts on a thread of their own: database files (features/edge/SqliteEventWriter.ts). */
  private readonly writer: SqliteEventWriter | undefined;
  private readonly checkpointer: WalCheckpointer | undefined;

  constructor(file: string, options: { synchronous?: "normal" | "full" } = {}) {
    const synchronous = options.synchronous === "full" ? "FULL" : "NORMAL";
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    const sql = sqliteClient(this.db);
    this.datastreams = new SqlDatastreams(sql);
    this.libraries = new SqlLibraries(sql);
    this.hosts = new SqlHosts(sql);
    this.authoring = new AuthoringRepository(sql);
    this.users = new UserRepository(sql);
    this.audit = new AuditRepository(sql);
    this.savedReports = new SavedReportRepository(sql);
    this.previews = new PreviewRepository(sql, "sqlite");
    this.loginFailures = new LoginFailureRepository(sql);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma("busy_timeout = 5000");
    if (file !== ":memory:") {
      // Checkpoints run in a worker thread, not inside a commit on the event loop; a commit
      // is as durable as before (it is in the WAL either way). See WalCheckpointer.
      this.db.pragma("wal_autocheckpoint = 0");
      // A restarted WAL is cut back to 64 MiB instead of keeping its high-water size.
      const journalSizeLimit = 64 * 1024 * 1024;
      this.db.pragma(`journal_size_limit = ${journalSizeLimit}`);
      this.writer = new SqliteEventWriter(file, { synchronous, journalSizeLimit });
      this.checkpointer = new WalCheckpointer(file, {
        intervalMs: 100,
        restartFrames: 65_536,
        synchronous,
      });
    }
  }

  migrate(upTo?: number): Promise<number> {
    return migrateSqlite(this.db, migrations, upTo);
  }

  schemaVersion(): Promise<number> {
    try {
      return Promise.resolve(sqliteSchemaVersion(this.db));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async close(): Promise<void> {
    await this.bus.close();
    await this.writer?.close();
    await this.checkpointer?.close();
    // The last connection to close checkpoints what is left in the WAL.
    if (this.db.open) this.db.close();
  }

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

  readonly events = {
    appendBatch: async (events: NewEvent[]): Promise<void> => {
      await this.writeBatch(eventBatch(events));
    },
    appendRequests: async (requests: NewRequest[], windowMs: number): Promise<RequestOutcome[]> => {
      const plan = planKeys(requests);
      const taken = await this.writeBatch(plannedBatch(plan, windowMs));
      return outcomesOf(requests, plan, takenKeys(plan, taken));
    },
    removeRequestKeysBefore: async (cutoff: Date): Promise<number> => {
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
    },
    list: (filter: EventFilter = {}): Promise<StoredEvent[]> => {
      const w = where(filter);
      const rows = this.db
        .prepare(
          `SELECT e.*, r.request_id, r.body FROM events e JOIN requests r ON r.id = e.request_row
           ${w.sql} ORDER BY e.id DESC LIMIT ${limitOf(filter)}`,
        )
        .all(...w.params) as EventRow[];
      return Promise.resolve(toEvents(rows));
    },
    listRange: (firstId: number, lastId: number): Promise<StoredEvent[]> => {
      const rows = this.db
        .prepare(
          `SELECT e.*, r.request_id, r.body FROM events e JOIN requests r ON r.id = e.request_row
           WHERE e.id BETWEEN ? AND ? ORDER BY e.id LIMIT 5000`,
        )
        .all(firstId, lastId) as EventRow[];
      return Promise.resolve(toEvents(rows));
    },
    count: (filter: EventFilter = {}): Promise<number> => {
      const w = where(filter);
      const join = filter.requestId === undefined ? "" : "JOIN requests r ON r.id = e.request_row";
      const row = this.db
        .prepare(`SELECT COUNT(*) AS n FROM events e ${join} ${w.sql}`)
        .get(...w.params) as { n: number };
      return Promise.resolve(row.n);
    },
    report: (query: ReportQuery): Promise<ReportTable> => {
      try {
        const sql = reportSql(query, "sqlite");
        const rows = this.db
          .prepare(sql.text)
          .raw()
          .all(...sql.params) as ReportValue[][];
        return Promise.resolve(sql.finish(rows));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    breakdown: (query: BreakdownQuery): Promise<ReportTable> => {
      try {
        const sql = breakdownSql(query, "sqlite");
        const rows = this.db
          .prepare(sql.text)
          .raw()
          .all(...sql.params) as ReportValue[][];
        return Promise.resolve(sql.finish(rows));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    removeBefore: (cutoff: Date): Promise<string[]> => removeSqliteEventsBefore(this.db, cutoff),
  };
}
