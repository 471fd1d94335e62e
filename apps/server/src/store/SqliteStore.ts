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
import libraryEtag from "../features/publishing/libraryEtag.ts";
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
  Datastream,
  EventFilter,
  LibraryFile,
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

interface DatastreamRow {
  id: string;
  org_id: string;
  property_id: string;
  environment_id: string;
  stage: string;
  allowed_origins: string;
}

const toDatastream = (r: DatastreamRow): Datastream => ({
  id: r.id,
  orgId: r.org_id,
  propertyId: r.property_id,
  environmentId: r.environment_id,
  stage: r.stage,
  allowedOrigins: JSON.parse(r.allowed_origins) as string[],
});

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
/** A datastream as the `datastreams` table's column values, in column order. */
const datastreamRow = (d: Datastream) =>
  [
    d.id,
    d.orgId,
    d.propertyId,
    d.environmentId,
    d.stage,
    JSON.stringify(d.allowedOrigins),
  ] as const;

export class SqliteStore implements Store {
  readonly kind = "sqlite";
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
  /** Inserts on a thread of their own: database files (edge/SqliteEventWriter.ts). */
  private readonly writer: SqliteEventWriter | undefined;
  private readonly checkpointer: WalCheckpointer | undefined;

  constructor(file: string, options: { synchronous?: "normal" | "full" } = {}) {
    const synchronous = options.synchronous === "full" ? "FULL" : "NORMAL";
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    const sql = sqliteClient(this.db);
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

  readonly datastreams = {
    get: (id: string): Promise<Datastream | undefined> => {
      const row = this.db.prepare("SELECT * FROM datastreams WHERE id = ?").get(id) as
        DatastreamRow | undefined;
      return Promise.resolve(row && toDatastream(row));
    },
    list: (): Promise<Datastream[]> =>
      Promise.resolve(
        (this.db.prepare("SELECT * FROM datastreams ORDER BY id").all() as DatastreamRow[]).map(
          toDatastream,
        ),
      ),
    put: (d: Datastream): Promise<void> => {
      this.db
        .prepare(
          `INSERT INTO datastreams VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET
           org_id = excluded.org_id, property_id = excluded.property_id,
           environment_id = excluded.environment_id, stage = excluded.stage,
           allowed_origins = excluded.allowed_origins`,
        )
        .run(...datastreamRow(d));
      return Promise.resolve();
    },
    putIfMissing: (d: Datastream): Promise<boolean> => {
      const result = this.db
        .prepare("INSERT INTO datastreams VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")
        .run(...datastreamRow(d));
      return Promise.resolve(result.changes === 1);
    },
  };

  readonly libraries = {
    put: (
      file: Omit<LibraryFile, "etag" | "publishedAt" | "cacheControl"> & { cacheControl?: string },
    ): Promise<LibraryFile> => {
      const stored: LibraryFile = {
        ...file,
        cacheControl: file.cacheControl ?? "no-cache",
        etag: libraryEtag(file.body),
        publishedAt: new Date(),
      };
      this.db
        .prepare(
          `INSERT INTO libraries (property_id, environment_id, file_name, content_type, body,
           etag, published_at, cache_control) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (property_id, environment_id, file_name) DO UPDATE SET
           content_type = excluded.content_type, body = excluded.body, etag = excluded.etag,
           published_at = excluded.published_at, cache_control = excluded.cache_control`,
        )
        .run(
          stored.propertyId,
          stored.environmentId,
          stored.fileName,
          stored.contentType,
          stored.body,
          stored.etag,
          stored.publishedAt.toISOString(),
          stored.cacheControl,
        );
      return Promise.resolve(stored);
    },
    get: (
      propertyId: string,
      environmentId: string,
      fileName: string,
    ): Promise<LibraryFile | undefined> => {
      const row = this.db
        .prepare(
          "SELECT * FROM libraries WHERE property_id = ? AND environment_id = ? AND file_name = ?",
        )
        .get(propertyId, environmentId, fileName) as
        | {
            content_type: string;
            body: Buffer;
            etag: string;
            published_at: string;
            cache_control: string;
          }
        | undefined;
      if (!row) return Promise.resolve(undefined);
      return Promise.resolve({
        propertyId,
        environmentId,
        fileName,
        contentType: row.content_type,
        body: row.body,
        etag: row.etag,
        publishedAt: new Date(row.published_at),
        cacheControl: row.cache_control,
      });
    },
  };

  readonly hosts = {
    list: (): Promise<string[]> =>
      Promise.resolve(
        (
          this.db.prepare("SELECT host FROM allowed_hosts ORDER BY host").all() as {
            host: string;
          }[]
        ).map((r) => r.host),
      ),
    add: (host: string): Promise<void> => {
      this.db.prepare("INSERT INTO allowed_hosts VALUES (?) ON CONFLICT DO NOTHING").run(host);
      return Promise.resolve();
    },
    remove: (host: string): Promise<void> => {
      this.db.prepare("DELETE FROM allowed_hosts WHERE host = ?").run(host);
      return Promise.resolve();
    },
  };
}
