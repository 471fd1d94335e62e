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
import { ForwardingRepository } from "../features/forwarding/ForwardingRepository.ts";
import { sqliteClient } from "../db/SqlClient.ts";
import { UserRepository } from "../features/auth/UserRepository.ts";
import { SavedReportRepository } from "../features/reports/SavedReportRepository.ts";
import { PreviewRepository } from "../features/preview/PreviewRepository.ts";
import { migrations } from "./migrations.ts";
import { LocalBus } from "../db/ClusterBus.ts";
import { LoginFailureRepository } from "../features/auth/LoginFailureRepository.ts";
import { migrateSqlite, sqliteSchemaVersion } from "../db/migrate.ts";
import { SqliteEventWriter } from "../features/edge/SqliteEventWriter.ts";
import { SqliteEvents } from "../features/edge/SqliteEvents.ts";
import { SqliteReports } from "../features/reports/ReportRepository.ts";
import { WalCheckpointer } from "../db/WalCheckpointer.ts";
import type { Store } from "./Store.ts";

/**
 * SQLite adapter (better-sqlite3, WAL). `synchronous=NORMAL` in WAL mode makes a committed
 * transaction survive a killed process (the WAL is in the OS page cache); only a power loss
 * can drop the last transactions. `synchronous: "full"` trades throughput for that case.
 */

export class SqliteStore implements Store {
  readonly kind = "sqlite";
  readonly events: SqliteEvents;
  readonly reports: SqliteReports;
  readonly datastreams: DatastreamRepository;
  readonly libraries: LibraryRepository;
  readonly hosts: HostRepository;
  readonly authoring: AuthoringRepository;
  readonly users: UserRepository;
  readonly audit: AuditRepository;
  readonly savedReports: SavedReportRepository;
  readonly previews: PreviewRepository;
  readonly loginFailures: LoginFailureRepository;
  readonly forwarding: ForwardingRepository;
  /** One node: what it publishes it hears itself. */
  readonly bus = new LocalBus();
  readonly nodeId = randomUUID();
  private readonly db: Database.Database;
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
    this.forwarding = new ForwardingRepository(sql, "sqlite");
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
    this.events = new SqliteEvents(this.db, this.writer);
    this.reports = new SqliteReports(this.db);
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
}
