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
import pg from "pg";
import { eventNotices, EVENTS_CHANNEL } from "../features/cluster/EventNotice.ts";
import { PostgresBus, physicalChannel } from "../db/PostgresBus.ts";
import { LoginFailureRepository } from "../features/auth/LoginFailureRepository.ts";
import { AuditRepository } from "../features/authoring/AuditRepository.ts";
import { AuthoringRepository } from "../features/authoring/AuthoringRepository.ts";
import { ForwardingRepository } from "../features/forwarding/ForwardingRepository.ts";
import { postgresClient } from "../db/SqlClient.ts";
import { UserRepository } from "../features/auth/UserRepository.ts";
import { SavedReportRepository } from "../features/reports/SavedReportRepository.ts";
import { PreviewRepository } from "../features/preview/PreviewRepository.ts";
import { PostgresEvents } from "../features/edge/PostgresEvents.ts";
import { PostgresReports } from "../features/reports/ReportRepository.ts";
import { ReportRollups } from "../features/reports/ReportRollups.ts";
import { propertyRollups } from "../features/reports/propertyRollups.ts";
import { migrations } from "./migrations.ts";
import { migratePostgres, postgresSchemaVersion } from "../db/migrate.ts";
import type { Store } from "./Store.ts";

/**
 * PostgreSQL adapter (`pg` pool) for teams running several server nodes against one
 * database. `schema` isolates a store inside a shared database (the contract tests use it).
 */
export class PostgresStore implements Store {
  readonly kind = "postgres";
  readonly events: PostgresEvents;
  readonly reports: PostgresReports;
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
  readonly bus: PostgresBus;
  readonly nodeId = randomUUID();
  private readonly pool: pg.Pool;
  private readonly schema: string | undefined;
  /** Daily report rollups; `startRollups` builds them on every node (one at a time). */
  readonly rollups: ReportRollups;

  constructor(url: string, options: { schema?: string; max?: number } = {}) {
    if (options.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema))
      throw new Error(`schema: expected a lowercase SQL identifier, got "${options.schema}"`);
    this.schema = options.schema;
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.max ?? 8,
      // An unreachable host fails the start (or a query) instead of waiting forever.
      connectionTimeoutMillis: 10_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // Every property's own reports are rolled up too, read from its settings at each build.
    const rollups = new ReportRollups(this.pool, () => propertyRollups(this.authoring));
    this.rollups = rollups;
    const channel = physicalChannel(EVENTS_CHANNEL, this.schema);
    this.events = new PostgresEvents(this.pool, {
      // The rollups of the periods an insert adds events to are built again with them.
      beforeInsert: (client, times) => ReportRollups.invalidate(client, times, new Date()),
      // Sent by PostgreSQL at the commit, and only if it commits: other nodes read these
      // events for their live streams (features/cluster/shareLiveEvents.ts).
      beforeCommit: async (client, ids) => {
        for (const payload of eventNotices(this.nodeId, ids))
          await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
      },
      // Retention: the rollups of the days removed go with their events.
      afterRemove: (cutoff) => rollups.removeBefore(cutoff),
    });
    this.reports = new PostgresReports(this.pool, rollups);
    const sql = postgresClient(this.pool);
    this.datastreams = new SqlDatastreams(sql);
    this.libraries = new SqlLibraries(sql);
    this.hosts = new SqlHosts(sql);
    this.authoring = new AuthoringRepository(sql);
    this.users = new UserRepository(sql);
    this.audit = new AuditRepository(sql);
    this.savedReports = new SavedReportRepository(sql);
    this.previews = new PreviewRepository(sql, "postgres");
    this.loginFailures = new LoginFailureRepository(sql);
    this.forwarding = new ForwardingRepository(sql, "postgres");
    this.bus = new PostgresBus(url, {
      pool: this.pool,
      ...(options.schema ? { schema: options.schema } : {}),
    });
  }

  migrate(upTo?: number): Promise<number> {
    return migratePostgres(this.pool, migrations, {
      ...(this.schema ? { schema: this.schema } : {}),
      ...(upTo === undefined ? {} : { upTo }),
    });
  }

  schemaVersion(): Promise<number> {
    return postgresSchemaVersion(this.pool);
  }

  async close(): Promise<void> {
    await this.bus.close();
    await this.pool.end();
  }
}
